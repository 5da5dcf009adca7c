import { Form } from "react-router";
import { ALERT_FREQUENCIES, FREQUENCY_LABEL } from "~/lib/alerts";

/**
 * `Avise-me sobre novos animais`: saves the search in view as an alert (signed out: login first,
 * then back here). The feed's and the lost and found list's (`label`).
 */
export function AlertOffer({
  search,
  here,
  label = "Avise-me sobre novos animais",
}: {
  search: [string, string][];
  here: string;
  label?: string;
}) {
  return (
    <Form method="post" action="/alertas" className="alert-offer">
      {search.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="voltar" value={here} />
      <label htmlFor="alerta-frequencia" className="alert-offer__label">
        Receber
      </label>
      <select id="alerta-frequencia" name="frequencia" defaultValue="diaria">
        {ALERT_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {FREQUENCY_LABEL[frequency]}
          </option>
        ))}
      </select>
      <button type="submit" name="intent" value="criar" className="alert-offer__button">
        {label}
      </button>
    </Form>
  );
}
