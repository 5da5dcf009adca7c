import { roleMay, type OrganizationRole } from "./organizations";

/**
 * An organisation's pages as its members reach them (issue 62): the lists the home's counts open
 * (each with the filters that make its total that count) and the entries of the organisation's
 * menu in the header, by role.
 */

export function organizationLinks(id: string) {
  const base = `/organizacoes/${id}`;
  const animals = (query: string) => `${base}/animais?${query}`;
  return {
    today: `${base}/hoje`,
    animals: `${base}/animais`,
    applications: `/candidaturas/recebidas?organizacao=${id}`,
    applicationsMine: `/candidaturas/recebidas?organizacao=${id}&abertas=1&minhas=1`,
    applicationsNew: `/candidaturas/recebidas?organizacao=${id}&status=nova`,
    applicationsOpen: `/candidaturas/recebidas?organizacao=${id}&abertas=1`,
    conversations: `/mensagens?organizacao=${id}`,
    conversationsWaiting: `/mensagens?organizacao=${id}&aguardando=1`,
    conversationsMine: `/mensagens?organizacao=${id}&aguardando=1&minhas=1`,
    dosesLate: animals("dose_atrasada=1"),
    dosesComing: animals("dose_proxima=1"),
    needingFoster: animals("precisa_lar_temporario=1&ordem=urgencia"),
    needingFosterUrgently: animals("precisa_lar_temporario=1&urgente=1&ordem=urgencia"),
    health: `${base}/saude`,
    fosters: `${base}/lares`,
    /** A foster home's member: their own animals of this organisation. */
    fosterAnimals: `/meus-lares?organizacao=${id}`,
    newsWaiting: `${base}/lares#noticias-pendentes`,
    transfers: `${base}/configuracoes#transferencias`,
    accounts: `${base}/contas`,
    statementLines: `${base}/contas#pendentes`,
    panel: `${base}/painel`,
    activity: `${base}/atividade`,
    trash: `${base}/lixeira`,
    settings: `${base}/configuracoes`,
  };
}

export type OrganizationMenuEntry = { to: string; label: string };

/**
 * The organisation's menu: `Hoje` for everyone, and each page the role may use. A foster home's
 * member has their own animals' page (`Meus lares temporários`) instead of the team's.
 */
export function organizationMenu(id: string, role: OrganizationRole): OrganizationMenuEntry[] {
  const links = organizationLinks(id);
  const team = roleMay(role, "cuidar");
  const admin = roleMay(role, "administrar");
  const entries: (OrganizationMenuEntry | false)[] = [
    { to: links.today, label: "Hoje" },
    team && { to: links.animals, label: "Animais" },
    !team && { to: links.fosterAnimals, label: "Animais" },
    team && { to: links.applications, label: "Candidaturas" },
    team && { to: links.conversations, label: "Mensagens" },
    team && { to: links.fosters, label: "Lares" },
    team && { to: links.health, label: "Saúde" },
    team && { to: links.accounts, label: "Contas" },
    { to: links.panel, label: "Painel" },
    admin && { to: links.activity, label: "Atividade" },
    team && { to: links.trash, label: "Lixeira" },
    { to: links.settings, label: "Configurações" },
  ];
  return entries.filter((entry): entry is OrganizationMenuEntry => entry !== false);
}
