export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>2022 - Desenvolvido por Alura.</p>
    </footer>
  );
}
