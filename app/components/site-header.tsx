import { Form, Link, useLocation } from "react-router";
import type { AttentionCounts } from "~/lib/account-nav";
import { AccountMenu } from "./account-menu";
import { OrganizationBar, type OrganizationBarProps } from "./organization-bar";
import { HomeIcon, Logo, MessagesIcon, NoPhotoAvatar } from "./art";

/**
 * Pages whose header shows the profile avatar to someone signed out, as the specification draws
 * them. Signed in, every page has the avatar and `Sair` (issue 62: one header everywhere).
 */
const PAGES_WITH_PROFILE = new Set(["/home", "/contato", "/perfil"]);

/** From the root loader; the counts of what waits for the person are the account menu's. */
type HeaderUser =
  | ({
      nome: string;
      foto: string | null;
      inbox: boolean;
      organizacao: OrganizationBarProps | null;
    } & AttentionCounts)
  | null;

export function SiteHeader({ user }: { user: HeaderUser }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, "") || "/";
  // As the specification has it: the home icon leads to "/" when already on home.
  const homeTarget = path === "/home" ? "/" : "/home";
  const withProfile = user !== null || PAGES_WITH_PROFILE.has(path);
  return (
    <header className="site-header">
      <nav className="site-header__nav" aria-label="Principal">
        <Link to="/" className="site-header__logo">
          <Logo label="Logomarca da Adopet" className="logo" />
        </Link>
        <ul className="site-header__icons">
          <li>
            <Link to={homeTarget} className="icon-link">
              <HomeIcon className="icon" />
              <span className="visually-hidden">Página inicial</span>
            </Link>
          </li>
          <li>
            {/* A caretaker who has received messages is taken to them; everyone else writes one. */}
            <Link to={user?.inbox ? "/mensagens" : "/contato"} className="icon-link icon-link--messages">
              <MessagesIcon className="icon" />
              <span className="visually-hidden">
                {user && user.unread > 0
                  ? `Caixa de mensagens, ${user.unread} ${user.unread === 1 ? "mensagem não lida" : "mensagens não lidas"}`
                  : "Caixa de mensagens"}
              </span>
              {user && user.unread > 0 ? (
                <span className="badge" aria-hidden="true">
                  {user.unread > 99 ? "99+" : user.unread}
                </span>
              ) : null}
            </Link>
          </li>
        </ul>
      </nav>
      {withProfile || user ? (
        <div className="site-header__user">
          {/* Every page a signed-in person uses, from every page: app/lib/account-nav.ts. */}
          {user ? <AccountMenu counts={user} /> : null}
          {user ? (
            <Form method="post" action="/sair" className="logout">
              <button type="submit" className="logout__button">
                Sair
              </button>
            </Form>
          ) : null}
          {withProfile ? (
            <Link to="/perfil" className="avatar-link">
              {user?.foto ? (
                <img className="avatar" src={user.foto} alt="" width={40} height={40} />
              ) : (
                <NoPhotoAvatar className="avatar" />
              )}
              <span className="visually-hidden">{user ? `Perfil de ${user.nome}` : "Perfil"}</span>
            </Link>
          ) : null}
        </div>
      ) : null}
      {user?.organizacao ? <OrganizationBar {...user.organizacao} /> : null}
    </header>
  );
}
