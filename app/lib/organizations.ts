import { isId } from "./ids";

/**
 * Organisations (issue 43): the roles a member holds and what each may do. Shared by the
 * services, the pages and the browser.
 */

/** How many animals one transfer request may hold (issue 62): a litter, a shelter's move. */
export const TRANSFER_MANY_MAX = 30;

export const ORGANIZATION_ROLES = ["administrador", "equipe", "lar_temporario"] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const ORGANIZATION_ROLE_LABEL: Record<OrganizationRole, string> = {
  administrador: "Administrador",
  equipe: "Equipe",
  lar_temporario: "Lar temporário",
};

/** What a role may do in its organisation. */
export type OrganizationPower =
  /** Members, invitations and the organisation's settings. */
  | "administrar"
  /** The organisation's animals, applications, conversations, termos and check-ins. */
  | "cuidar";

const POWERS: Record<OrganizationRole, ReadonlyArray<OrganizationPower>> = {
  administrador: ["administrar", "cuidar"],
  equipe: ["cuidar"],
  // Only the animals placed with them, through the foster home's own pages (issue 44).
  lar_temporario: [],
};

export function roleMay(role: OrganizationRole, power: OrganizationPower): boolean {
  return POWERS[role].includes(power);
}

/** "11222333000181" as "11.222.333/0001-81": a CNPJ is stored without its punctuation. */
export function formatCnpj(cnpj: string): string {
  return cnpj.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\w{2})$/, "$1.$2.$3/$4-$5");
}

/** What an organisation's activity log records (issue 43), and how it reads. */
export const ACTIVITY_KINDS = [
  "organizacao_criada",
  "organizacao_alterada",
  "membro_convidado",
  "convite_cancelado",
  "membro_entrou",
  "papel_alterado",
  "administrador_liberado",
  "membro_removido",
  "membro_saiu",
  "animal_publicado",
  "animal_alterado",
  "animal_removido",
  "candidatura_movida",
  "candidatura_atribuida",
  "lista_de_espera_recusada",
  "conversa_atribuida",
  "transferencia_pedida",
  "animal_transferido",
  "animal_recebido",
  "transferencia_recusada",
  "termo_emitido",
  "termo_assinado",
  "conta_excluida",
  "questionario_alterado",
  "modelo_do_termo_alterado",
  "acompanhamento_alterado",
  "animal_em_lar",
  "lar_encerrado",
  "pix_alterado",
  "dados_pessoais_baixados",
  "despesa_apagada",
  "registro_de_saude_apagado",
  "item_restaurado",
  "doacao_registrada",
  "doacao_apagada",
  "despesa_registrada",
  "extrato_importado",
  "linha_do_extrato_decidida",
  "registro_de_saude_criado",
  "registro_de_saude_corrigido",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Each kind as the log's filter names it. */
export const ACTIVITY_KIND_LABEL: Record<ActivityKind, string> = {
  organizacao_criada: "Organização criada",
  organizacao_alterada: "Dados da organização alterados",
  membro_convidado: "Convite enviado",
  convite_cancelado: "Convite cancelado",
  membro_entrou: "Entrada na organização",
  papel_alterado: "Papel alterado",
  administrador_liberado: "Administrador liberado antes de 72 horas",
  membro_removido: "Membro removido",
  membro_saiu: "Saída da organização",
  animal_publicado: "Animal publicado",
  animal_alterado: "Animal alterado",
  animal_removido: "Anúncio removido",
  candidatura_movida: "Candidatura movida",
  candidatura_atribuida: "Candidatura atribuída",
  lista_de_espera_recusada: "Lista de espera recusada",
  conversa_atribuida: "Conversa atribuída",
  transferencia_pedida: "Transferência pedida",
  animal_transferido: "Animal transferido",
  animal_recebido: "Animal recebido",
  transferencia_recusada: "Transferência recusada",
  termo_emitido: "Termo emitido",
  termo_assinado: "Termo assinado",
  conta_excluida: "Conta excluída",
  questionario_alterado: "Questionário alterado",
  modelo_do_termo_alterado: "Modelo do termo alterado",
  acompanhamento_alterado: "Acompanhamento alterado",
  animal_em_lar: "Animal levado a um lar temporário",
  lar_encerrado: "Estadia em lar temporário encerrada",
  pix_alterado: "Chave Pix alterada",
  dados_pessoais_baixados: "Arquivo com dados pessoais baixado",
  despesa_apagada: "Despesa apagada",
  registro_de_saude_apagado: "Registro de saúde apagado",
  item_restaurado: "Restaurado da Lixeira",
  doacao_registrada: "Doação registrada",
  doacao_apagada: "Doação apagada",
  despesa_registrada: "Despesa registrada",
  extrato_importado: "Extrato importado",
  linha_do_extrato_decidida: "Linha do extrato decidida",
  registro_de_saude_criado: "Registro de saúde criado",
  registro_de_saude_corrigido: "Registro de saúde corrigido",
};

/** The sentence of a log entry: "<ator> <what>"; `alvo` and `detalhe` as recorded. */
export function activityText(acao: ActivityKind, alvo: string | null, detalhe: string | null): string {
  const about = alvo ?? "";
  switch (acao) {
    case "organizacao_criada":
      return "criou a organização";
    case "organizacao_alterada":
      return detalhe ? `alterou os dados da organização (${detalhe})` : "alterou os dados da organização";
    case "membro_convidado":
      return `convidou ${about}${detalhe ? ` como ${detalhe}` : ""}`;
    case "convite_cancelado":
      return `cancelou o convite de ${about}`;
    case "membro_entrou":
      return `entrou na organização${detalhe ? ` como ${detalhe}` : ""}`;
    case "papel_alterado":
      return `mudou o papel de ${about}${detalhe ? ` para ${detalhe}` : ""}`;
    case "administrador_liberado":
      return `liberou ${about} para alterar a chave Pix e os membros antes de 72 horas`;
    case "membro_removido":
      return `removeu ${about} da organização`;
    case "membro_saiu":
      return "saiu da organização";
    case "animal_publicado":
      return `publicou ${about}`;
    case "animal_alterado":
      return detalhe ? `alterou ${about} (${detalhe})` : `alterou ${about}`;
    case "animal_removido":
      return `removeu o anúncio de ${about}`;
    case "candidatura_movida":
      return `moveu a candidatura de ${about} para ${detalhe ?? ""}`;
    case "candidatura_atribuida":
      return detalhe
        ? `atribuiu a candidatura de ${about} a ${detalhe}`
        : `deixou a candidatura de ${about} com toda a equipe`;
    case "transferencia_pedida":
      return `pediu a transferência de ${about} para ${detalhe ?? "outra organização"}`;
    case "animal_transferido":
      // Written by the receiving administrador who accepted, in the giving organisation's log.
      return `aceitou a transferência de ${about}, que agora é de ${detalhe ?? "outra organização"}`;
    case "animal_recebido":
      return `recebeu ${about} de ${detalhe ?? "outra organização"}`;
    case "transferencia_recusada":
      return `recusou a transferência de ${about}${detalhe ? ` de ${detalhe}` : ""}`;
    case "conversa_atribuida":
      return detalhe
        ? `atribuiu a conversa com ${about} a ${detalhe}`
        : `deixou a conversa com ${about} com toda a equipe`;
    case "termo_emitido":
      return `emitiu o termo de adoção de ${about}`;
    case "termo_assinado":
      return `assinou pela organização o termo de adoção de ${about}`;
    case "lista_de_espera_recusada":
      return `recusou a lista de espera de ${about}${detalhe ? `: ${detalhe}` : ""}`;
    case "questionario_alterado":
      return "alterou o questionário de adoção";
    case "modelo_do_termo_alterado":
      return "alterou o modelo do termo de adoção";
    case "acompanhamento_alterado":
      return detalhe ? `mudou os dias do acompanhamento para ${detalhe}` : "deixou as adoções sem acompanhamento";
    case "animal_em_lar":
      return `levou ${about} para o lar temporário${detalhe ? ` de ${detalhe}` : ""}`;
    case "lar_encerrado":
      return `encerrou a estadia de ${about} no lar temporário`;
    case "pix_alterado":
      return detalhe ? `alterou a chave Pix (${detalhe})` : "alterou a chave Pix";
    case "dados_pessoais_baixados":
      return `baixou ${detalhe ?? "um arquivo com dados pessoais"}`;
    case "despesa_apagada":
    case "registro_de_saude_apagado":
      return `apagou: ${detalhe ?? "um registro"} (na Lixeira por 30 dias)`;
    case "item_restaurado":
      return `restaurou da Lixeira: ${detalhe ?? "um registro"}`;
    case "doacao_registrada":
    case "despesa_registrada":
    case "registro_de_saude_criado":
      return `registrou: ${detalhe ?? "um registro"}`;
    case "doacao_apagada":
      return `apagou: ${detalhe ?? "uma doação"}`;
    case "extrato_importado":
      return `importou um extrato${detalhe ? ` (${detalhe})` : ""}`;
    case "linha_do_extrato_decidida":
      return `marcou uma linha do extrato como ${detalhe ?? "decidida"}`;
    case "registro_de_saude_corrigido":
      return `corrigiu o registro de saúde de ${about}${detalhe ? ` (${detalhe})` : ""}`;
    case "conta_excluida": {
      // `detalhe`: what passed to `alvo` (animais, administrador), comma-separated.
      const passed = (detalhe ?? "").split(",");
      const what = [
        passed.includes("animais") ? "cuidar dos animais que publicou" : null,
        passed.includes("administrador") ? "administrar a organização" : null,
      ].filter(Boolean);
      return what.length > 0 ? `excluiu a conta; ${about} passou a ${what.join(" e a ")}` : "excluiu a conta";
    }
  }
}

/**
 * Which organisation's questionnaire, termo template and follow-up days a page shows and saves
 * (issue 43): the only one whose animals the person takes care of, or for someone in several the
 * one `?organizacao=` names (the first by name until they choose). Someone in none sees the
 * defaults, and saving makes their own organisation, as publishing does.
 */
export type SettingsOrganization = {
  id: string | null;
  nome: string | null;
  /** The organisations to choose from: empty for someone in one or none. */
  choices: { id: string; nome: string }[];
};

/** The page's address for this organisation: `?organizacao=` kept for someone in several. */
export function settingsPath(path: string, page: SettingsOrganization, search: Record<string, string> = {}): string {
  const query = new URLSearchParams(search);
  if (page.choices.length > 0 && page.id) query.set("organizacao", page.id);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The activity log's filters from an address (`?acao=&pessoa=`, issue 63): a kind of the list and
 * a person's id; null when either is given and is neither.
 */
export function activityFiltersOf(query: URLSearchParams): { acao?: ActivityKind; pessoa?: string } | null {
  const acao = query.get("acao") || undefined;
  const pessoa = query.get("pessoa") || undefined;
  if (acao !== undefined && !(ACTIVITY_KINDS as readonly string[]).includes(acao)) return null;
  if (pessoa !== undefined && !isId(pessoa)) return null;
  return { acao: acao as ActivityKind | undefined, pessoa };
}
