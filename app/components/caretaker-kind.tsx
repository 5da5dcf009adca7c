import { useId, type ReactNode } from "react";

/**
 * "ONG" beside a caretaker's name, and, for an ONG an operator checked, the verified badge
 * with its meaning, shown on hover and on keyboard focus (and read by screen readers).
 */
export function CaretakerKind({ tipo, verificada }: { tipo: "pessoa" | "ong"; verificada: boolean }) {
  if (tipo !== "ong") return null;
  return (
    <span className="caretaker-kind">
      <span className="caretaker-kind__ong">ONG</span>
      {verificada ? (
        <VerifiedBadge meaning="Um operador da Adopet conferiu os dados desta ONG, como o CNPJ.">
          ONG verificada
        </VerifiedBadge>
      ) : null}
    </span>
  );
}

/** The verified badge, its meaning in a tooltip (an ONG's account, an organisation's page). */
export function VerifiedBadge({ children, meaning }: { children: ReactNode; meaning: string }) {
  const meaningId = useId();
  return (
    <span className="verified" tabIndex={0} aria-describedby={meaningId}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M12 2l2.4 2.2 3.2-.4.9 3.1 2.8 1.6-1.1 3 1.1 3-2.8 1.6-.9 3.1-3.2-.4L12 22l-2.4-2.2-3.2.4-.9-3.1-2.8-1.6 1.1-3-1.1-3 2.8-1.6.9-3.1 3.2.4z"
          fill="currentColor"
        />
        <path d="M8 12.5l2.5 2.5L16 9.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {children}
      <span role="tooltip" id={meaningId} className="verified__meaning">
        {meaning}
      </span>
    </span>
  );
}

/**
 * Whether the Adopet checked an organisation, wherever a visitor is asked to trust it (a gift, an
 * invitation): the badge, or a plain word that nobody has (issue 60: a copy of a verified ONG's
 * name read like the real one). On a gift page, `recebedor`: the Pix key holder's name, which
 * the donor's bank shows before they confirm.
 */
export function OrganizationTrust({
  nome,
  verificada,
  recebedor,
}: {
  nome: string;
  verificada: boolean;
  recebedor?: string;
}) {
  const holder = recebedor ? (
    <>
      {" O Pix vai para a conta de "}
      <strong>{recebedor}</strong>
      {": é esse o nome que o app do seu banco mostra antes de você confirmar."}
    </>
  ) : null;
  return verificada ? (
    <p className="organization-trust">
      <VerifiedBadge meaning="Um operador da Adopet conferiu os dados desta organização, como o CNPJ.">
        Organização verificada
      </VerifiedBadge>
      {holder}
    </p>
  ) : (
    <p className="organization-trust organization-trust--unverified">
      <strong>Organização não verificada.</strong>
      {` A equipe da Adopet ainda não conferiu quem é ${nome}.`}
      {holder}
      {recebedor ? " Doe só se você conhece o trabalho dela." : " Confie só se você conhece o trabalho dela."}
    </p>
  );
}
