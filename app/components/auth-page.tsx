import { Link } from "react-router";
import { Logo, Paws } from "./art";

/** The frame of login and cadastro: paws, the logo leading to the welcome page, the title. */
export function AuthPage({ title, lead, children }: { title: string; lead?: string; children: React.ReactNode }) {
  return (
    <section className="auth">
      <Paws className="decoration decoration--paws" />
      <Link to="/" className="auth__logo">
        <Logo label="Logomarca da Adopet" />
      </Link>
      <h1 className="auth__title">{title}</h1>
      {lead ? <p className="auth__lead">{lead}</p> : null}
      {children}
    </section>
  );
}
