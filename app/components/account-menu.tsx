import { useEffect, useRef, type FocusEvent } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { accountNavItems, type AttentionCounts } from "~/lib/account-nav";
import { MenuIcon } from "./art";

/**
 * The signed-in person's menu, in the header of every page: a disclosure
 * (<details>), so it opens and closes without JavaScript, from the keyboard
 * (Enter, Space) and on touch. Its entries come from app/lib/account-nav.ts.
 *
 * With JavaScript it also closes on Escape (focus back on its button), on a
 * click or tap outside it, when the focus leaves it and after following one of
 * its links. A member's organisation has its own menu beside it (OrganizationBar, issue 62).
 * It is left uncontrolled, so a menu opened before the scripts
 * arrive stays open when they do.
 */
export function AccountMenu({ counts }: { counts: AttentionCounts }) {
  const details = useRef<HTMLDetailsElement>(null);
  const items = accountNavItems(counts);
  const waiting = items.filter((item) => item.attention);
  const total = waiting.reduce((sum, item) => sum + (item.attention?.count ?? 0), 0);

  // Closed after a navigation; the focus, if it was in the menu, goes to the new page's content.
  const { key } = useLocation();
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    const menu = details.current;
    if (!menu?.open) return;
    const focused = menu.contains(document.activeElement);
    menu.open = false;
    if (focused) document.getElementById("conteudo")?.focus();
  }, [key]);

  // Closed by a click or tap anywhere else, and by Escape (the focus back on its button).
  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      const menu = details.current;
      if (menu?.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    };
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      const menu = details.current;
      if (event.key !== "Escape" || !menu?.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, []);

  // Tabbing past the last entry closes it, so it never covers what has the focus.
  const onBlur = (event: FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) event.currentTarget.open = false;
  };

  return (
    <nav className="account-menu" aria-label="Sua conta">
      <details ref={details} className="account-menu__details" onBlur={onBlur}>
        <summary className="account-menu__button">
          <MenuIcon className="icon" />
          <span className="account-menu__label">Minha conta</span>
          {waiting.length > 0 ? (
            <span className="visually-hidden">
              {", "}
              {waiting.map((item) => `${item.label}: ${item.attention?.text}`).join(", ")}
            </span>
          ) : null}
          {total > 0 ? (
            <span className="badge account-menu__badge" aria-hidden="true">
              {total > 99 ? "99+" : total}
            </span>
          ) : null}
        </summary>
        <div className="account-menu__panel">
          <ul className="account-menu__list">
            {items.map(({ to, label, attention }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end
                  className="account-menu__link"
                  aria-label={attention ? `${label}, ${attention.text}` : undefined}
                >
                  {label}
                  {attention ? (
                    <span className="account-menu__count" aria-hidden="true">
                      {attention.count > 99 ? "99+" : attention.count}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
          <Form method="post" action="/sair" className="account-menu__logout">
            <button type="submit" className="account-menu__link account-menu__sair">
              Sair
            </button>
          </Form>
        </div>
      </details>
    </nav>
  );
}
