/**
 * What a report of maus-tratos must also say (issue 22): it is a crime, and the authorities
 * are the ones who act. `hidden` leaves it to the stylesheet, which shows it while the
 * Maus-tratos choice is checked; that choice names it as its description (`id`), so a screen
 * reader reads it with the choice.
 */
export function CrimeNote({ hidden = false, id }: { hidden?: boolean; id?: string }) {
  return (
    <div id={id} className={hidden ? "crime-note crime-note--on-choice" : "crime-note"} role="note" aria-live="polite">
      <p>
        <strong>Maus-tratos contra cães e gatos são crime.</strong> Ferir, mutilar, abandonar ou deixar o animal sem
        comida, água ou abrigo dá de 2 a 5 anos de reclusão, multa e proibição da guarda (Lei 14.064/2020, que mudou a
        Lei de Crimes Ambientais, Lei 9.605/1998).
      </p>
      <p>
        A denúncia na Adopet não substitui a denúncia às autoridades. Se o animal corre perigo agora, ligue{" "}
        <a href="tel:190">190</a> (Polícia Militar). Você também pode registrar um boletim de ocorrência na delegacia de
        polícia (muitas cidades têm delegacia de proteção animal, e muitos estados aceitam a ocorrência pela internet)
        ou procurar o Ministério Público do seu estado.
      </p>
    </div>
  );
}
