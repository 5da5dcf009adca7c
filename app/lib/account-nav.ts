/**
 * The signed-in person's pages: the one list the account menu (in the header of
 * every page) is built from. A new page adds its entry here, and nothing else in
 * the header changes; `Sair` always comes last and is not an entry (it is a form).
 *
 * An entry with something waiting for the person (unread messages, new
 * applications…) names the count in `attention`; the count itself comes from
 * the root loader, which fills `AttentionCounts` once per request.
 */

/** What needs the person's attention, counted by the root loader (app/root.tsx). */
export type AttentionCounts = {
  /** Messages received and not yet read. */
  unread: number;
  /** Applications for the person's animals that no one has looked at yet (status `nova`). */
  newApplications: number;
  /** For an operator, what waits for them (reported targets, ONGs to check); null for everyone else (no entry). */
  toModerate: number | null;
  /** The person is a foster home of some organisation: their animals' page is theirs to see. */
  larTemporario: boolean;
  /** The person belongs to an organisation: its pages are in its own menu (issue 62), not here. */
  inOrganization: boolean;
};

type AccountNavEntry = {
  /** Path under the base path, as given to <Link to>. */
  to: string;
  label: string;
  /** Whether this person has the entry at all (operators' pages); everyone, when absent. */
  shown?: (counts: AttentionCounts) => boolean;
  attention?: {
    count: (counts: AttentionCounts) => number;
    /** The count in words, for screen readers and the menu button: "3 não lidas". */
    text: (count: number) => string;
  };
};

const ACCOUNT_NAV: readonly AccountNavEntry[] = [
  { to: "/perfil", label: "Meu perfil" },
  { to: "/meus-pets", label: "Meus animais" },
  { to: "/meus-pets/novo", label: "Publicar um animal" },
  // An ONG or a group of protetores as a team (issue 43), for someone in none: a member has their
  // organisation's menu in the header (issue 62), and may make another from the profile.
  { to: "/organizacoes/nova", label: "Criar organização", shown: (counts) => !counts.inOrganization },
  // The animals in the person's foster home (issue 44), and their offer of one.
  { to: "/meus-lares", label: "Meus lares temporários", shown: (counts) => counts.larTemporario },
  { to: "/favoritos", label: "Favoritos" },
  { to: "/alertas", label: "Alertas" },
  // The animals the person sponsors (issue 46), each month's code and receipts.
  { to: "/apadrinhamentos", label: "Meus apadrinhamentos" },
  { to: "/candidaturas", label: "Minhas candidaturas" },
  {
    to: "/candidaturas/recebidas",
    label: "Candidaturas recebidas",
    attention: {
      count: (counts) => counts.newApplications,
      text: (count) => (count === 1 ? "1 nova" : `${count} novas`),
    },
  },
  {
    to: "/mensagens",
    label: "Mensagens",
    attention: {
      count: (counts) => counts.unread,
      text: (count) => (count === 1 ? "1 não lida" : `${count} não lidas`),
    },
  },
  {
    to: "/moderacao",
    label: "Moderação",
    shown: (counts) => counts.toModerate !== null,
    attention: {
      count: (counts) => counts.toModerate ?? 0,
      text: (count) => (count === 1 ? "1 item a analisar" : `${count} itens a analisar`),
    },
  },
  // The account's own settings: every page is two steps away, these too.
  { to: "/perfil/senha", label: "Alterar senha" },
  { to: "/perfil/excluir", label: "Excluir conta" },
];

type AccountNavItem = {
  to: string;
  label: string;
  /** Present when something there waits for the person. */
  attention: { count: number; text: string } | null;
};

/** The entries with their counts: what the menu shows. */
export function accountNavItems(counts: AttentionCounts): AccountNavItem[] {
  return ACCOUNT_NAV.filter(({ shown }) => !shown || shown(counts)).map(({ to, label, attention }) => {
    const count = attention ? attention.count(counts) : 0;
    return { to, label, attention: attention && count > 0 ? { count, text: attention.text(count) } : null };
  });
}
