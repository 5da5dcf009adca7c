export type SignedTermoItem = { id: string; petNome: string; codigo: string | null; assinadoEm: string | null };

/**
 * The signed termos a person is party to, each with its PDF (by the termo's own address, which
 * outlives the application) and its verification code.
 */
export function SignedTermos({ termos }: { termos: SignedTermoItem[] }) {
  if (termos.length === 0) return null;
  return (
    <section className="application__section" aria-labelledby="termos-assinados">
      <h2 id="termos-assinados" className="application__subtitle">
        Termos de adoção assinados
      </h2>
      <ul className="signed-termos">
        {termos.map((termo) => (
          <li key={termo.id}>
            <a href={`/adopet/termos/${termo.id}/termo.pdf`} download>
              {`Termo de adoção de ${termo.petNome} (PDF)`}
            </a>
            {termo.assinadoEm ? ` · assinado em ${termo.assinadoEm}` : null}
            {termo.codigo ? ` · código ${termo.codigo}` : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
