import type { Failure, InvalidReason, LimitName, Subject } from "~/services/outcome.server";
import { CONFIRMATION_MESSAGES, ONG_MESSAGES, RESET_MESSAGES, SENHA_MESSAGES } from "~/validation/accounts";
import { MESSAGES, NOTICES, PLACE_MESSAGES, STORAGE_FULL } from "~/validation/messages";
import { CONTACT_MESSAGES } from "~/validation/messages-form";
import { PET_MESSAGES } from "~/validation/pets";
import { ALERT_MESSAGES } from "~/lib/alerts";
import { TERMO_MESSAGES } from "~/lib/termos";
import { APPLICATION_MESSAGES } from "~/lib/applications";
import { ORGANIZATION_MESSAGES } from "~/validation/organizations";
import { FOSTER_MESSAGES } from "~/validation/foster";
import { HEALTH_MESSAGES } from "~/lib/health";
import { CSV_FORMAT_MESSAGE } from "~/lib/csv";
import { PIX_MESSAGES, SPONSORSHIP_MESSAGES } from "~/validation/pix";
import { DONATION_MESSAGES, EXPENSE_MESSAGES, STATEMENT_MESSAGES } from "~/validation/giving";
import { LOST_FOUND_MESSAGES } from "~/validation/lost-found";
import { CHECKIN_MESSAGES } from "~/validation/termos";

/**
 * How the web speaks of a service's failure (app/services/outcome.server.ts): its HTTP
 * status and its Portuguese text, the one catalogue both adapters use — the pages'
 * (forms.server.ts) and the API's (api.server.ts). Texts are the specification's
 * (spec/texts.md) wherever it has one.
 */

const STATUS: Record<Failure["kind"], number> = {
  invalid: 400,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  gone: 410,
  "rate-limited": 429,
  "storage-full": 507,
};

/** The status of a failure's answer: the API, which has no 410, says a pet that has gone is not found. */
export function failureStatus(failure: Failure, channel: "page" | "api"): number {
  if (failure.kind === "gone" && channel === "api") return 404;
  return STATUS[failure.kind];
}

/** Retry-After, for a limit reached. */
export function failureHeaders(failure: Failure): Record<string, string> {
  return failure.kind === "rate-limited" ? { "Retry-After": String(failure.retryAfterSeconds) } : {};
}

const NOT_FOUND: Record<Subject, string> = {
  pet: "Animal não encontrado.",
  user: "Usuário não encontrado.",
  message: "Mensagem não encontrada.",
  alert: "Alerta não encontrado.",
  application: "Candidatura não encontrada.",
  report: "Nenhuma denúncia em aberto sobre isso.",
  conversation: "Conversa não encontrada.",
  block: "Bloqueio não encontrado.",
  termo: "Termo de adoção não encontrado.",
  checkin: CHECKIN_MESSAGES.link,
  story: "História não encontrada.",
  organization: "Organização não encontrada.",
  member: "Membro não encontrado nesta organização.",
  invitation: "Convite não encontrado. Confira se o link foi copiado inteiro do e-mail.",
  transfer: "Transferência não encontrada.",
  "foster-offer": "Você ainda não ofereceu um lar temporário.",
  foster: "Lar temporário não encontrado: escolha uma oferta da busca ou um membro da organização.",
  placement: "Este animal não está em um lar temporário.",
  news: "Notícia não encontrada.",
  "health-entry": "Registro de saúde não encontrado.",
  pix: PIX_MESSAGES.semChave,
  sponsorship: "Apadrinhamento não encontrado.",
  donation: "Doação não encontrada.",
  expense: "Despesa não encontrada.",
  "statement-line": "Linha do extrato não encontrada.",
  transparency: "As contas desta organização não são públicas.",
  "lost-found-report": "Anúncio não encontrado.",
  emergency: "Emergência não encontrada.",
  "trash-item": "Este item não está mais na Lixeira: foi restaurado ou passou dos 30 dias.",
  donor: "Nenhuma doação deste doador no ano pedido.",
};

const FORBIDDEN: Record<Extract<Failure, { kind: "forbidden" }>["rule"], string> = {
  "pet-caretaker-only": "Só quem cuida do animal pode alterá-lo.",
  "own-profile-only": "Você só pode alterar o seu próprio perfil.",
  "own-data-only": "Você só pode exportar os seus próprios dados.",
  "not-own-pet": "Você não pode se candidatar para adotar um animal que você mesmo publicou.",
  "application-caretaker-only": "Só quem cuida do animal pode decidir sobre a candidatura ou anotar nela.",
  "application-adopter-only": "Só quem se candidatou pode desistir da candidatura.",
  "account-suspended":
    "Esta conta está suspensa pela moderação da Adopet. Enviamos para o email da conta o motivo e o contato para contestar.",
  "own-pet-message": "Este animal foi publicado por você: as mensagens sobre ele chegam em Mensagens.",
  "blocked-by-recipient":
    "Não foi possível enviar: esta pessoa preferiu não receber mais contatos seus. Obrigado pela compreensão.",
  "blocked-by-you": "Você bloqueou esta pessoa. Desbloqueie para voltar a escrever.",
  "termo-caretaker-only": "Só quem cuida do animal emite o termo de adoção.",
  "castration-adopter-only": "Só quem adotou o animal informa a castração.",
  "story-adopter-only": "Só quem adotou o animal conta a história dele.",
  "story-caretaker-only": "Só quem cuidava do animal aprova a história.",
  "email-unconfirmed": CONFIRMATION_MESSAGES.required,
  "organization-admin-only": "Só quem administra a organização pode fazer isso.",
  "emergency-verified-only":
    "Nesta emergência, registram animais acolhidos as organizações verificadas pela Adopet e as que a equipe da Adopet admitiu. Se o seu abrigo está acolhendo animais, fale com a equipe da Adopet.",
  "new-administrator":
    "Quem se tornou administrador há menos de 72 horas ainda não altera a chave Pix nem muda o papel de outras pessoas ou as remove. Um administrador mais antigo pode liberar antes, na lista de membros.",
  "organization-role": "O seu papel na organização não permite fazer isso.",
  "conversation-team-only": "Só a equipe que cuida do animal atribui a conversa.",
  "health-entry-own-only":
    "Você só pode alterar os registros de saúde que você mesmo fez: peça à equipe da organização para corrigir os outros.",
  "health-register-tutor-only":
    "Os dados para o SinPatinhas são de quem é responsável pelo animal: a equipe da organização ou, depois da adoção, quem adotou.",
  "report-author-only": "Só quem publicou o anúncio pode alterá-lo.",
  "own-report-message": "Este anúncio é seu: as mensagens sobre ele chegam em Mensagens.",
  "emergency-shelter-only":
    "Só a equipe da organização (administradores e equipe) registra os animais acolhidos pelo abrigo dela.",
  "health-reminders-adopter-only": "Só quem adotou o animal desliga os lembretes de saúde dele.",
  "invitation-other-account":
    "Este convite foi enviado para outro e-mail. Entre com a conta desse e-mail para aceitá-lo, ou peça um novo convite.",
};

const CONFLICT: Record<Extract<Failure, { kind: "conflict" }>["reason"], string> = {
  "email-taken": MESSAGES.email.taken,
  "several-pets": CONTACT_MESSAGES.chooseRequired,
  "too-many-alerts": ALERT_MESSAGES.tooMany,
  "emergency-ended": "Esta emergência terminou: não recebe mais animais.",
  "sponsorship-ended": "Este apadrinhamento já terminou: para ajudar de novo, apadrinhe outra vez na página do animal.",
  "application-open": "Você já tem uma candidatura em andamento para este animal.",
  "application-move": "A candidatura não pode passar para esse status a partir do status em que está.",
  "visit-step": APPLICATION_MESSAGES.visitaOnlyThen,
  "pet-reserved": "Este animal já está reservado: outra candidatura foi aprovada.",
  "cnpj-taken": ONG_MESSAGES.cnpjTaken,
  "moderation-state": "O anúncio ou a conta já está nesse estado (outra pessoa da moderação pode ter agido antes).",
  "owner-suspended": "A conta de quem cuida deste animal está suspensa: o anúncio volta quando a conta for restaurada.",
  "own-account": "Você não pode suspender a sua própria conta.",
  "application-not-approved": "O termo de adoção só pode ser emitido para uma candidatura aprovada.",
  "termo-exists": "Esta candidatura já tem um termo de adoção.",
  "termo-state": "O termo de adoção não está aguardando a sua assinatura.",
  "termo-changed": "O texto do termo mudou desde que você o abriu. Leia de novo antes de assinar.",
  "checkin-answered": "Você já respondeu a este acompanhamento. Obrigado!",
  "castration-done": "A castração já foi informada.",
  "not-adopted": "A devolução só pode ser registrada depois da adoção concluída, com o termo assinado.",
  "story-not-pending": "Não há história aguardando aprovação (talvez ela já tenha sido decidida).",
  "story-changed": "Quem adotou mudou a história desde que você a abriu: leia a nova versão antes de decidir.",
  "adoption-returned": "A devolução já foi registrada.",
  "adoption-not-returned": NOTICES.adoptionNotReturned,
  "already-member": "Esta pessoa já faz parte da organização.",
  "last-administrator": "A organização precisa de ao menos um administrador: dê esse papel a outra pessoa antes.",
  "transfer-pending": "Este animal já tem uma transferência esperando resposta.",
  "transfer-closed": "Esta transferência já foi respondida ou cancelada.",
  "pet-placed": "Este animal já está em um lar temporário: encerre a estadia antes de levá-lo a outro.",
  "foster-not-member":
    "Esta pessoa ainda não faz parte da organização: convide-a, e ela entra como lar temporário ao aceitar o convite.",
  "foster-pet-unavailable": "Só um animal disponível para adoção vai para um lar temporário.",
  "news-decided": "Esta notícia já foi publicada ou recusada.",
  "health-record-full": HEALTH_MESSAGES.tooMany,
  "foster-not-needed": "Este animal não está procurando lar temporário agora. Obrigado por se oferecer!",
  "already-sponsor": SPONSORSHIP_MESSAGES.jaApadrinha,
  "charge-confirmed": DONATION_MESSAGES.txidUsado,
  "line-decided": DONATION_MESSAGES.linhaDecidida,
  "already-restored": "Este registro já foi restaurado.",
  "trash-pet-gone": "O animal deste registro não está mais no Adopet: o registro não pode voltar.",
};

const LOGIN_LIMITED = "Muitas tentativas de login.";

/** Why a limit refused, before when to try again. */
const LIMITED: Record<LimitName, string> = {
  "login-account": LOGIN_LIMITED,
  "login-client": LOGIN_LIMITED,
  "login-known": LOGIN_LIMITED,
  "password-check": "Muitas tentativas.",
  "signup-client": "Muitos cadastros feitos a partir desta conexão.",
  "publish-account": "Você publicou muitos animais em pouco tempo.",
  "upload-account": "Você enviou muitas fotos em pouco tempo.",
  "favorite-account": "Você marcou muitos favoritos em pouco tempo.",
  "alert-account": "Você criou muitos alertas em pouco tempo.",
  "organization-account": "Você criou muitas organizações em pouco tempo.",
  "invitation-account": "Você enviou muitos convites em pouco tempo.",
  "pix-account": "Você alterou a chave Pix muitas vezes em pouco tempo.",
  "sponsorship-account": "Você começou muitos apadrinhamentos em pouco tempo.",
  "ledger-account": "Você fez muitos lançamentos nas contas em pouco tempo.",
  "lost-found-account": "Você publicou muitos anúncios de animais perdidos ou encontrados em pouco tempo.",
  "lost-found-shelter": "Você registrou muitos animais acolhidos em pouco tempo.",
  "lost-found-search-client": "Muitas buscas por foto feitas a partir desta conexão.",
  "transfer-account": "Você pediu muitas transferências em pouco tempo.",
  "foster-account": "Você alterou sua oferta de lar temporário muitas vezes em pouco tempo.",
  "statement-lines-organization":
    "A organização importou muitas linhas de extrato na última hora (até 20.000 por hora).",
  "foster-search-account": "Você procurou lares temporários muitas vezes em pouco tempo.",
  "news-account": "Você enviou muitas notícias em pouco tempo.",
  "health-account": "Você fez muitos registros de saúde em pouco tempo.",
  "application-account": "Você enviou muitas candidaturas em pouco tempo.",
  "conversation-account": "Você enviou muitas mensagens em pouco tempo.",
  "reset-client": "Muitos pedidos de nova senha feitos a partir desta conexão.",
  // Never said: a limit per account would tell that the account exists.
  "reset-account": RESET_MESSAGES.sent,
  "reset-use-client": "Muitas tentativas de criar nova senha a partir desta conexão.",
  "confirmation-account": "Você pediu muitos e-mails de confirmação em pouco tempo.",
  "report-client": "Muitas denúncias enviadas a partir desta conexão.",
  "message-client": CONTACT_MESSAGES.limitedClient,
  "message-recipient": CONTACT_MESSAGES.limitedRecipient,
};

/** "Tente novamente em N minutos." */
function retryText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "Tente novamente em 1 minuto." : `Tente novamente em ${minutes} minutos.`;
}

/** An image refused by its content: one photo, or the `item`th of several. */
function imageText(reason: InvalidReason, item: number | undefined): string {
  if (item === undefined) return reason === "image-too-large" ? MESSAGES.foto.dimensions : MESSAGES.foto.type;
  return reason === "image-too-large"
    ? `A foto ${item + 1} é grande demais: envie fotos de até 40 megapixels.`
    : `A foto ${item + 1} não é uma imagem válida. ${PET_MESSAGES.fotos.type}`;
}

function invalidText(failure: Extract<Failure, { kind: "invalid" }>, field: string): string {
  switch (failure.reason) {
    case "unknown-email":
      return MESSAGES.email.unknown;
    case "wrong-password":
      // The form that asks for the current password (to change it) names it so.
      return field === "senha__atual" ? SENHA_MESSAGES.currentWrong : MESSAGES.senha.wrong;
    case "no-match":
      return CONTACT_MESSAGES.noMatch;
    case "not-an-image":
    case "image-format":
    case "image-too-large":
      return imageText(failure.reason, failure.item);
    case "vaccine-species":
      return PET_MESSAGES.vacinas;
    case "age-max":
      return PET_MESSAGES.idade.max;
    case "castration-date":
      return PET_MESSAGES.castracaoData.required;
    case "unknown-city":
      return PLACE_MESSAGES.unknown;
    case "foster-search-city":
      return "Procure lares perto de onde a organização atua: a até 50 km da cidade dela ou da cidade de um dos animais dela.";
    case "ambiguous-city":
      return PLACE_MESSAGES.ambiguous;
    case "reset-token":
      return RESET_MESSAGES.invalidToken;
    case "confirmation-token":
      return CONFIRMATION_MESSAGES.invalidToken;
    case "unsubscribe-token":
      return ALERT_MESSAGES.invalidLink;
    case "sponsorship-token":
      return SPONSORSHIP_MESSAGES.linkInvalido;
    case "cnpj-required":
      return ONG_MESSAGES.cnpjRequired;
    case "public-name-required":
      return ONG_MESSAGES.nomePublicoRequired;
    case "verified-name":
      return ONG_MESSAGES.verifiedName;
    case "phone-required":
      return "Cadastre seu telefone no seu perfil para compartilhar seu WhatsApp.";
    case "castration-deadline":
      return TERMO_MESSAGES.prazoRange;
    case "organization-required":
      return ORGANIZATION_MESSAGES.organizacaoRequired;
    case "animals-choice":
      return HEALTH_MESSAGES.animais;
    case "csv-format":
      return CSV_FORMAT_MESSAGE;
    case "invitation-token":
      return "Este convite não vale mais: ele já foi respondido, expirou (vale por 7 dias), foi cancelado ou foi substituído por um novo.";
    case "transfer-same-organization":
      return "O animal já é desta organização: escolha outra.";
    case "past-date":
      return FOSTER_MESSAGES.disponivelAte;
    case "placement-start":
      return FOSTER_MESSAGES.inicio;
    case "placement-end":
      return FOSTER_MESSAGES.fimPrevisto;
    case "visit-no-foster":
      return APPLICATION_MESSAGES.visitaNoFoster;
    case "future-date":
      return HEALTH_MESSAGES.data;
    case "health-kind-fixed":
      return HEALTH_MESSAGES.tipoFixed;
    case "document-file":
      if (failure.field === "comprovante") return EXPENSE_MESSAGES.comprovante;
      return failure.item === undefined
        ? HEALTH_MESSAGES.arquivos.content
        : `O arquivo ${failure.item + 1} não é um PDF, JPEG ou PNG válido.`;
    case "unknown-txid":
      return DONATION_MESSAGES.txidDesconhecido;
    case "statement-format":
      return STATEMENT_MESSAGES.formato;
    case "statement-empty":
      return STATEMENT_MESSAGES.vazio;
    case "statement-too-long":
      return STATEMENT_MESSAGES.grande;
    case "statement-line":
      return STATEMENT_MESSAGES.linha(failure.item ?? 1);
    case "point-outside-city":
      return LOST_FOUND_MESSAGES.ponto;
    case "outside-emergency":
      return "A cidade onde o animal foi encontrado não está na área da emergência.";
    case "one-photo-each":
      return LOST_FOUND_MESSAGES.animais;
    case "assignee":
      return "Atribua a um membro da organização que cuida dos animais (administrador ou equipe).";
  }
}

/** The Portuguese text of a failure; `field` is the name the form or body gives its field, if it has one. */
export function failureText(failure: Failure, field?: string): string {
  switch (failure.kind) {
    case "not-found":
      return NOT_FOUND[failure.subject];
    case "forbidden":
      return FORBIDDEN[failure.rule];
    case "conflict":
      return CONFLICT[failure.reason];
    case "rate-limited":
      return `${LIMITED[failure.limit]} ${retryText(failure.retryAfterSeconds)}`;
    case "invalid":
      return invalidText(failure, field ?? failure.field);
    case "storage-full":
      return STORAGE_FULL;
    case "gone":
      if (failure.subject === "checkin" && failure.reason === "returned") {
        return "A devolução do animal foi registrada: este acompanhamento terminou.";
      }
      if (failure.subject === "checkin") {
        return "Este link de acompanhamento expirou: ele vale por 14 dias. Conte as novidades a quem cuidava do animal pela conversa da candidatura.";
      }
      if (failure.subject === "lost-found-report") return "Este anúncio foi encerrado: não recebe mais mensagens.";
      return failure.reason === "reserved" ? CONFLICT["pet-reserved"] : CONTACT_MESSAGES.petGone;
  }
}

/** What the adapters need to know of how a route names the services' fields. */
export type FieldNames = Partial<Record<string, string>>;

/** The field a failure is about, by the name this form or body gives it; none for a failure about the whole request. */
export function failureField(failure: Failure, names: FieldNames = {}): string | undefined {
  const field = "field" in failure ? failure.field : undefined;
  return field === undefined ? undefined : (names[field] ?? field);
}
