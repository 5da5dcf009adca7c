import { Link } from "react-router";

/** Anterior · Página N de M · Próxima, for a list in pages; nothing when there is one page. */
export function Pagination({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  /** The address of another page of the same list. */
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Paginação">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="pagination__link">
          Anterior
        </Link>
      ) : null}
      <span className="pagination__current" aria-current="page">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="pagination__link">
          Próxima
        </Link>
      ) : null}
    </nav>
  );
}
