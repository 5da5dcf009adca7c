/**
 * The organisation's `Lixeira` (issue 63): what its team deleted, kept 30 days for an
 * administrador to restore. Shared by the server, the pages and the API.
 */

export const TRASH_KINDS = ["despesa", "registro_de_saude"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** How long a deleted record is kept. */
export const TRASH_DAYS = 30;

/** What a delete's confirmation says of where the record goes. */
export const TRASH_NOTE = `Fica na Lixeira da organização por ${TRASH_DAYS} dias: até lá, um administrador pode restaurar.`;
