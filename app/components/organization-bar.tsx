import { Link, NavLink } from "react-router";

export type OrganizationBarProps = {
  id: string;
  nome: string;
  logo: string | null;
  /** The entries the member's role may use (app/lib/organization-nav.ts), with what waits in each. */
  menu: { to: string; label: string; count: number }[];
  /** The person's other organisations, to switch to. */
  others: { id: string; nome: string }[];
};

const WAITING_TEXT: Record<string, (count: number) => string> = {
  Candidaturas: (count) => (count === 1 ? "1 nova" : `${count} novas`),
  Mensagens: (count) => (count === 1 ? "1 aguarda resposta" : `${count} aguardam resposta`),
};

/**
 * The organisation a member works in, under the header of every page (issue 62): its logo and
 * name (to its home, `Hoje`), a switch to the person's other organisations, and its pages. On a
 * phone the entries scroll sideways, the last one cut at the edge to say there are more.
 */
export function OrganizationBar({ id, nome, logo, menu, others }: OrganizationBarProps) {
  return (
    <nav className="org-bar" aria-label="Menu da organização">
      <div className="org-bar__who">
        {logo ? (
          <img className="org-bar__logo" src={logo} alt="" width={32} height={32} />
        ) : (
          <span className="org-bar__logo org-bar__logo--initial" aria-hidden="true">
            {nome.slice(0, 1).toUpperCase()}
          </span>
        )}
        <Link to={`/organizacoes/${id}/hoje`} className="org-bar__name">
          {nome}
        </Link>
        {others.length > 0 ? (
          <details className="org-bar__switch">
            <summary className="org-bar__switch-button">Trocar de organização</summary>
            <ul className="org-bar__others" aria-label="Suas outras organizações">
              {others.map((other) => (
                <li key={other.id}>
                  <Link to={`/organizacoes/${other.id}/hoje`}>{other.nome}</Link>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      <ul className="org-bar__links">
        {menu.map(({ to, label, count }) => {
          const waiting = count > 0 ? WAITING_TEXT[label]?.(count) : undefined;
          return (
            <li key={label}>
              <NavLink to={to} end className="org-bar__link" aria-label={waiting ? `${label}, ${waiting}` : undefined}>
                {label}
                {waiting ? (
                  <span className="org-bar__count" aria-hidden="true">
                    {count > 99 ? "99+" : count}
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
