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
