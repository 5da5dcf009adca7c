/** Every validation message, exactly as in spec/texts.md (and ours, where it adds rules). */
export const MESSAGES = {
  email: {
    format: "Digite um email válido.",
    required: "O campo email não pode estar vazio.",
    max: "O email deve possuir no máximo 50 caracteres.",
    unknown: "Usuário não cadastrado!",
    taken: "Este email já está cadastrado. Faça login ou use outro email.",
  },
  nome: {
    required: "O campo nome não pode estar vazio.",
    min: "O nome deve possuir no mínimo 2 caracteres.",
    max: "O nome deve possuir no máximo 50 caracteres.",
    pattern: "O campo nome não pode possuir números ou operadores.",
    letters: "O campo nome deve conter letras.",
  },
  senha: {
    required: "O campo senha não pode estar vazio.",
    max: "Sua senha deve possuir no máximo 15 caracteres",
    pattern:
      "A senha deve conter ao menos um número, uma letra maiúscula, uma minúscula, um dos caracteres especiais ($ * & @ #) e no mínimo 6 caracteres.",
    wrong: "Senha digitada não corresponde a senha do usuário!",
  },
  senhaConfirma: {
    required: "O campo de confirmar senha não pode estar vazio.",
    differs: "A confirmação de senha difere da senha digitada.",
  },
  telefone: {
    required: "O campo telefone não pode estar vazio.",
    pattern: "Telefone inválido! É necessário informar o DDD sem o 0 e o número do telefone.",
  },
  nomeAnimal: {
    required: "O campo nome do animal não pode estar vazio.",
    min: "O nome do animal deve possuir no mínimo 2 caracteres.",
    max: "O nome do animal deve possuir no máximo 20 caracteres.",
    letters: "O nome do animal deve conter letras.",
  },
  contatoTexto: {
    required: "O campo mensagem não pode estar vazio.",
    max: "A mensagem deve possuir no máximo 300 caracteres.",
  },
  cidade: {
    required: "O campo cidade não pode estar vazio.",
    min: "O nome da cidade deve possuir no mínimo 2 caracteres.",
    max: "O nome da cidade deve possuir no máximo 50 caracteres.",
    letters: "O nome da cidade deve conter letras.",
  },
  perfilSobre: {
    required: "O campo sobre não pode estar vazio.",
    max: "O campo sobre deve possuir no máximo 300 caracteres.",
  },
  foto: {
    type: "A imagem deve ser do tipo .jpeg, .jpg ou .png.",
    size: "A imagem deve ter no máximo 5 MB.",
    dimensions: "A imagem é grande demais: envie uma foto de até 40 megapixels.",
  },
} as const;

/** A write refused because the server's storage is full: nothing was saved. */
export const STORAGE_FULL =
  "Não foi possível salvar: o servidor está sem espaço de armazenamento. Nada foi gravado; tente de novo mais tarde.";

/** Notices shown after an action (spec/texts.md). */
export const NOTICES = {
  registered: "Usuário cadastrado com sucesso!",
  profileSaved: "Usuário modificado com sucesso!",
  messageSent: "Mensagem enviada com sucesso!",
  loggedOut: "Você saiu da sua conta.",
  passwordChanged: "Senha alterada. As sessões em outros aparelhos foram encerradas.",
  petPublished: "Animal publicado com sucesso!",
  petSaved: "Animal atualizado com sucesso!",
  petAdopted: "Que notícia boa! O animal foi marcado como adotado e saiu da lista.",
  petAvailable: "O animal voltou para a lista de adoção.",
  petRemoved: "Animal removido da Adopet.",
  accountDeleted: "Sua conta e os seus dados foram excluídos da Adopet.",
  alertCreated: "Alerta criado! Você receberá um e-mail quando chegarem animais assim.",
  alertExists: "Você já tinha um alerta para essa busca: ele foi atualizado.",
  alertSaved: "Alerta atualizado.",
  alertDeleted: "Alerta excluído.",
  applicationSent: "Candidatura enviada! Acompanhe aqui cada passo da adoção.",
  applicationWithdrawn: "Você desistiu da candidatura.",
  applicationMoved: "Candidatura atualizada. Quem se candidatou recebe um e-mail.",
  visitChanged: "Visita atualizada. Quem se candidatou recebe um e-mail (e o lar temporário, se for lá).",
  applicationNoted: "Nota salva. Só a equipe que cuida do animal vê as notas.",
  transferRequested: "Pedido de transferência enviado. Quem administra a outra organização vai aceitar ou recusar.",
  transferAccepted: "Transferência aceita: o animal agora é desta organização.",
  transferDeclined: "Transferência recusada: o animal continua com a outra organização.",
  transferCancelled: "Pedido de transferência cancelado.",
  conversationAssigned: "Conversa atribuída. Os avisos das mensagens vão para quem responde por ela.",
  applicationAssigned: "Candidatura atribuída. Os avisos sobre ela vão para quem responde por ela.",
  conversationSent: "Mensagem enviada.",
  whatsAppShared: "Pronto: a outra pessoa já vê o link para o seu WhatsApp nesta conversa.",
  whatsAppStopped: "Você parou de compartilhar o seu WhatsApp nesta conversa.",
  whatsAppNoPhone: "Cadastre seu telefone no seu perfil para compartilhar seu WhatsApp.",
  personBlocked:
    "Pessoa bloqueada: ela não pode mais escrever nem se candidatar aos seus animais, e verá isso se tentar.",
  personUnblocked: "Desbloqueio feito: as mensagens voltam a chegar para você.",
  phoneBlocked: "Telefone bloqueado: mensagens de visitantes com esse número não chegam mais para você.",
  waitingListDeclined: "A lista de espera foi recusada, e cada pessoa recebe a sua mensagem por e-mail.",
  ongVerified: "ONG verificada. A ação ficou no registro.",
  listingHidden: "Anúncio ocultado. A ação ficou no registro, e quem cuida do animal recebe um email com o motivo.",
  listingRestored: "Anúncio restaurado. A ação ficou no registro, e quem cuida do animal recebe um email.",
  reportsDismissed: "Denúncias arquivadas. A ação ficou no registro.",
  accountSuspended: "Conta suspensa. A ação ficou no registro, e a pessoa recebe um email com o motivo.",
  accountRestored: "Conta restaurada. A ação ficou no registro, e a pessoa recebe um email.",
  passwordReset: "Senha criada! Entre com a sua nova senha.",
  emailConfirmed: "E-mail confirmado! Agora você pode publicar animais e cadastrar a sua ONG.",
  confirmationSent: "Enviamos um novo link de confirmação para o seu e-mail.",
  questionnaireSaved: "Questionário salvo. As candidaturas já enviadas mantêm as perguntas que responderam.",
  termoTemplateSaved: "Modelo do termo salvo. Os termos já emitidos mantêm o texto com que foram emitidos.",
  termoIssued: "Termo de adoção emitido. Quem adota recebe um e-mail para ler e assinar.",
  termoSignedAdopter: "Termo assinado! Agora falta a assinatura de quem cuida do animal: avisamos por e-mail.",
  termoSignedBoth: "Termo assinado pelas duas partes. A adoção está concluída!",
  castrationDone: "Castração informada. Obrigado!",
  storyShared: "História enviada! Ela aparece em Finais felizes depois que quem cuidava do animal aprovar.",
  storyPublished: "História publicada em Finais felizes e na sua página.",
  storyDeclined: "Decisão salva: a história não será publicada, e quem adotou lê o motivo na página da adoção.",
  storyRemoved: "História retirada de Finais felizes.",
  adoptionNotReturned:
    "Este animal foi adotado com termo na Adopet: registre a devolução na página da adoção antes de publicá-lo de novo.",
  returnRecorded: "Devolução registrada. O acompanhamento terminou, e a outra parte recebe um e-mail.",
  fosterOfferSaved: "Oferta de lar temporário salva. Organizações perto de você podem encontrá-la.",
  fosterOfferPaused: "Oferta pausada: nenhuma organização a encontra até você retomá-la.",
  fosterOfferResumed: "Oferta retomada: organizações perto de você podem encontrá-la de novo.",
  fosterOfferWithdrawn: "Oferta de lar temporário retirada e apagada.",
  fosterInvited:
    "Convite enviado por e-mail. Quando a pessoa aceitar, ela entra na organização como lar temporário e vocês podem levar um animal para ela.",
  fosterPlaced: "Pronto: o animal está no lar temporário. A página dele agora diz Em lar temporário.",
  fosterEnded: "Estadia encerrada: o animal voltou para a organização. As datas ficam no histórico dele.",
  newsSent: "Notícias enviadas: a equipe vai ler e publicar na página do animal.",
  newsPublished: "Notícias publicadas na página do animal.",
  healthAdded: "Registro de saúde salvo.",
  healthChanged: "Registro de saúde corrigido.",
  healthRemoved: "Registro de saúde apagado.",
  healthRemindersOn: "Lembretes de saúde ligados.",
  healthRemindersOff: "Lembretes de saúde desligados: você não recebe mais e-mails sobre as doses deste animal.",
  newsDeclined: "Notícias recusadas: não aparecem na página do animal.",
  newsApprovalChanged: "Pronto: a escolha sobre as notícias dos lares temporários foi salva.",
  fosterInterestSent:
    "Obrigado! Sua oferta de lar temporário foi enviada para a equipe que cuida dele. Se ela convidar você, o convite chega por e-mail.",
  checkinDaysSaved: "Dias do acompanhamento salvos. As adoções já feitas mantêm os dias que tinham.",
  organizationCreated: "Organização criada! Você é quem a administra.",
  organizationSaved: "Dados da organização salvos.",
  organizationLogoSaved: "Logo da organização salvo.",
  organizationLogoRemoved: "Logo da organização retirado.",
  pixSaved: "Chave Pix salva. Todos os administradores foram avisados por e-mail.",
  sponsorshipStarted:
    "Obrigado! O código Pix deste mês foi enviado para o seu e-mail; os próximos chegam no dia escolhido.",
  sponsorshipStopped: "Apadrinhamento encerrado: você não recebe mais códigos Pix dele.",
  invitationSent: "Convite enviado. O link vale por 7 dias e só serve para a conta desse e-mail.",
  invitationAccepted: "Convite aceito! Agora você faz parte da organização.",
  invitationDeclined: "Convite recusado.",
  memberRoleChanged: "Papel alterado.",
  memberRemoved: "Membro removido da organização.",
  organizationLeft: "Você saiu da organização.",
} as const;

/** A city checked against the IBGE list (on the server: the browser does not hold the list). */
export const PLACE_MESSAGES = {
  unknown: "Cidade não encontrada: confira o nome e o estado, ou escolha uma das sugestões.",
  ambiguous:
    "Há mais de uma cidade com esse nome: escolha uma das sugestões ou escreva também o estado, como “Bom Jesus (RS)”.",
} as const;
