import { Link } from "react-router";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>2022 - Desenvolvido por Alura.</p>
      <nav className="site-footer__links" aria-label="Informações do site">
        <Link to="/lar-temporario">Lar temporário</Link>
        <Link to="/lar-temporario/precisam">Precisam de lar temporário</Link>
        <Link to="/perdidos-e-achados">Perdidos e achados</Link>
        <Link to="/finais-felizes">Finais felizes</Link>
        <Link to="/privacidade">Privacidade</Link>
        <Link to="/termos-de-uso">Termos de uso</Link>
        {/* For partners' developers (issue 23). */}
        <Link to="/api/docs">API</Link>
      </nav>
    </footer>
  );
}
