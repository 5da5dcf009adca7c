import { STATUS_LABEL, type ApplicationStatus, type Answer, type Question } from "~/lib/applications";

/** An application's status as a badge, coloured by where it stands. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{STATUS_LABEL[status]}</span>;
}

export type TimelineEntry = {
  status: ApplicationStatus;
  por: "adotante" | "responsavel";
  motivo: string | null;
  em: string;
};

const WHO: Record<TimelineEntry["por"], string> = { adotante: "por quem se candidatou", responsavel: "por quem cuida" };

/** The changes of an application, oldest first, each with when and by whom. */
export function Timeline({ entries, label }: { entries: TimelineEntry[]; label: string }) {
  return (
    <ol className="timeline" aria-label={label}>
      {entries.map((entry, index) => (
        <li key={index} className="timeline__item">
          <StatusBadge status={entry.status} /> <span className="timeline__when">{entry.em}</span>
          <span className="timeline__who">{entry.status === "nova" ? "candidatura enviada" : WHO[entry.por]}</span>
          {entry.motivo ? <p className="timeline__reason">Motivo: {entry.motivo}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function answerText(question: Question, answer: Answer | undefined): string {
  if (answer === undefined || answer === "" || (Array.isArray(answer) && answer.length === 0)) return "Sem resposta";
  if (typeof answer === "boolean") return answer ? "Sim" : "Não";
  if (Array.isArray(answer)) return answer.join(", ");
  return answer;
}

/** The questions as they were answered, and the answers. */
export function Answers({ perguntas, respostas }: { perguntas: Question[]; respostas: Record<string, Answer> }) {
  return (
    <dl className="answers">
      {perguntas.map((question) => (
        <div key={question.id} className="answers__item">
          <dt>{question.enunciado}</dt>
          <dd>{answerText(question, respostas[question.id])}</dd>
        </div>
      ))}
    </dl>
  );
}
