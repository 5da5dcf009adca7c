import { useId } from "react";
import { Form, Link } from "react-router";
import { useCopy } from "./use-copy";
import { useHydrated } from "./use-hydrated";

/** A gift's code as the page shows it (made on the server). */
export type GiftCode = {
  brCode: string;
  qrSvg: string;
  /** "R$ 25,00", or null when the giver types the amount in the bank's app. */
  valor: string | null;
  nomeRecebedor: string;
  cidadeRecebedor: string;
};

/** Amounts offered at once, in reais; any other is typed. */
const SUGGESTED = [20, 50, 100];

/**
 * `Apadrinhe` and `Doe` (issue 46): an amount chosen from the suggestions or typed, then the
 * static Pix code as a QR code and as `Pix copia e cola`. Works without JavaScript (links and
 * a GET form); with it, a button copies the code.
 */
export function PixGift({
  code,
  chosen,
  error,
  recipient,
  verified,
}: {
  code: GiftCode | null;
  /** The amount typed or chosen, as in the address. */
  chosen: string;
  error: string | null;
  /** The organisation's name, as the page knows it. */
  recipient: string;
  verified: boolean;
}) {
  const valueId = useId();
  return (
    <div className="gift">
      <section className="panel" aria-labelledby="gift-amount">
        <h2 className="panel__title" id="gift-amount">
          Escolha o valor
        </h2>
        <ul className="gift__amounts" aria-label="Valores sugeridos">
          {SUGGESTED.map((reais) => (
            <li key={reais}>
              <Link
                className="gift__amount"
                to={`?valor=${reais}`}
                aria-current={chosen === String(reais) ? "true" : undefined}
                preventScrollReset
              >
                {`R$ ${reais}`}
              </Link>
            </li>
          ))}
        </ul>
        <Form method="get" className="gift__other" preventScrollReset>
          <div className="field">
            <label className="field__label" htmlFor={valueId}>
              Outro valor (R$)
            </label>
            <input
              className="field__control"
              id={valueId}
              name="valor"
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              defaultValue={SUGGESTED.map(String).includes(chosen) ? "" : chosen}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${valueId}-erro` : undefined}
            />
            {error ? (
              <p className="field__error" id={`${valueId}-erro`} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button">
            Gerar o código Pix
          </button>
        </Form>
      </section>
      {code ? <PixCodePanel code={code} recipient={recipient} verified={verified} /> : null}
    </div>
  );
}

/**
 * A code as a QR code and as `Pix copia e cola`, with `Copiar código` once the page's scripts
 * run, and what to check in the bank's app.
 */
export function PixCodePanel({
  code,
  recipient,
  verified = true,
  heading,
  level = 2,
}: {
  code: GiftCode;
  recipient: string;
  verified?: boolean;
  heading?: string;
  /** The heading's level where the panel sits under another h2. */
  level?: 2 | 3;
}) {
  const Title = level === 3 ? "h3" : "h2";
  const enhanced = useHydrated();
  const { copied, copy } = useCopy(code.brCode);
  const codeId = useId();
  const titleId = useId();
  return (
    <section className="panel gift__code" aria-labelledby={titleId}>
      <Title className="panel__title" id={titleId}>
        {heading ?? (code.valor ? `Pix de ${code.valor}` : "Pix")}
      </Title>
      <div
        className="gift__qr"
        role="img"
        aria-label={`QR code do Pix${code.valor ? ` de ${code.valor}` : ""} para ${code.nomeRecebedor}`}
        // The SVG is made on the server by the qrcode library from our own payload.
        dangerouslySetInnerHTML={{ __html: code.qrSvg }}
      />
      <p>Abra o app do seu banco, escolha Pix e leia o QR code, ou copie o código abaixo.</p>
      <div className="field">
        <label className="field__label" htmlFor={codeId}>
          Pix copia e cola
        </label>
        <textarea
          className="field__control gift__text"
          id={codeId}
          readOnly
          rows={4}
          value={code.brCode}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      {enhanced ? (
        <button type="button" className="button" onClick={copy}>
          Copiar código
        </button>
      ) : null}
      <p className="gift__copied" aria-live="polite">
        {copied ? "Código copiado. Cole no app do seu banco, na opção Pix copia e cola." : ""}
      </p>
      <p className="gift__check">
        {`Confira no app do banco: o Pix vai para ${code.nomeRecebedor} (${code.cidadeRecebedor}), a conta de ${recipient}. O dinheiro não passa pela Adopet.`}
      </p>
      {verified ? null : (
        <p className="gift__check">
          {`${recipient} ainda não foi verificada pela equipe da Adopet: doe se você conhece o trabalho dela.`}
        </p>
      )}
    </section>
  );
}
