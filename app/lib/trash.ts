/**
 * The organisation's `Lixeira` (issue 63): what its team deleted, kept 30 days for an
 * administrador to restore. Shared by the server, the pages and the API.
 */

export const TRASH_KINDS = ["despesa", "registro_de_saude"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

export const TRASH_KIND_LABEL: Record<TrashKind, string> = {
  despesa: "Despesa",
  registro_de_saude: "Registro de saúde",
};

/** How long a deleted record is kept. */
export const TRASH_DAYS = 30;

/** What a delete's confirmation says of where the record goes. */
export const TRASH_NOTE = `Ele vai para a Lixeira da organização, onde um administrador pode restaurá-lo por ${TRASH_DAYS} dias.`;
