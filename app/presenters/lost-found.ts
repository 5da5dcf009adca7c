import type { PhotoSearchHit } from "~/domain/lost-found/photo-search.server";
import type { MatchView, ReportView } from "~/domain/lost-found/reports.server";
import { imageUrl } from "~/lib/image-urls";

/** A lost or found animal's report (issue 47) as the API answers it. */
export const toApiReport = (report: ReportView) => ({
  id: report.id,
  tipo: report.tipo,
  status: report.status,
  especie: report.especie,
  porte: report.porte,
  sexo: report.sexo,
  cores: report.cores,
  nome: report.nome,
  data: report.data,
  cidade: report.cidade,
  cidade_ibge: report.cidade.codigo,
  bairro: report.bairro,
  ponto: report.ponto,
  descricao: report.descricao,
  final_feliz: report.finalFeliz,
  fotos: report.fotos.map((imageId) => imageUrl(imageId, 640)),
  autor: report.autor,
  emergencia_id: report.emergenciaId,
  criado_em: report.criadoEm.toISOString(),
  expira_em: report.expiraEm.toISOString(),
});

export const toApiMatch = (match: MatchView) => ({
  pontos: match.pontos,
  distancia_km: match.distanciaKm,
  anuncio: toApiReport(match.report),
});

export const toApiPhotoHit = (hit: PhotoSearchHit) => ({
  semelhanca: hit.semelhanca,
  anuncio: toApiReport(hit.report),
});
