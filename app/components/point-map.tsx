import type * as Leaflet from "leaflet";
import type { Circle, LatLngExpression, Map as LeafletMap } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { roundedPoint } from "~/lib/lost-found";
import { TextField, type AnyField } from "./form-fields";
import { useHydrated } from "./use-hydrated";

/**
 * Lost and found's maps (issue 47): where an animal was lost or seen, as a point rounded to
 * about 500 m. The tiles come from a server the operator configures (MAP_TILES_URL): without
 * one, nothing is fetched from a third party and the point is typed, or taken from the
 * device's location. Leaflet and its stylesheet load only in the browser, only when a map is drawn.
 */

export type MapTiles = { url: string; attribution: string };

type Point = { latitude: number; longitude: number };

/** About half of the rounding's 500 m, around the point: where the animal was, not a house. */
const AREA_METERS = 300;
const CITY_ZOOM = 12;
const POINT_ZOOM = 15;

type Drawn = { map: LeafletMap; area: Circle | null; L: typeof Leaflet };

/** A Leaflet map in `container` with the configured tiles, once the page's scripts run; `onReady` gets it. */
function useLeaflet(
  container: React.RefObject<HTMLDivElement | null>,
  tiles: MapTiles | null,
  start: { center: LatLngExpression; zoom: number },
  onReady: (drawn: Drawn) => void,
) {
  const hydrated = useHydrated();
  const drawn = useRef<Drawn | null>(null);
  // The latest, read when the map is drawn (again only if the tiles change).
  const latest = useRef({ start, onReady });
  useEffect(() => {
    latest.current = { start, onReady };
  });
  const url = tiles?.url;
  const attribution = tiles?.attribution;
  useEffect(() => {
    if (!hydrated || !url || !attribution || !container.current) return;
    let cancelled = false;
    // Its stylesheet with it, rather than on every page that might draw a map.
    void Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]).then(([module]) => {
      const L = (module as unknown as { default?: typeof Leaflet }).default ?? module;
      if (cancelled || !container.current) return;
      const map = L.map(container.current, { keyboard: true, zoomControl: false }).setView(
        latest.current.start.center,
        latest.current.start.zoom,
      );
      L.control.zoom({ zoomInTitle: "Aproximar", zoomOutTitle: "Afastar" }).addTo(map);
      // Leaflet's own credit is an inline SVG with a style attribute, which our policy refuses.
      map.attributionControl.setPrefix(false);
      L.tileLayer(url, { attribution: escapeHtml(attribution), maxZoom: 18 }).addTo(map);
      drawn.current = { map, area: null, L };
      latest.current.onReady(drawn.current);
    });
    return () => {
      cancelled = true;
      drawn.current?.map.remove();
      drawn.current = null;
    };
  }, [hydrated, container, url, attribution]);
  return drawn;
}

function showArea(drawn: Drawn, point: Point | null) {
  drawn.area?.remove();
  drawn.area = point
    ? drawn.L.circle([point.latitude, point.longitude], {
        radius: AREA_METERS,
        color: "#b4461b",
        weight: 2,
        fillOpacity: 0.25,
        interactive: false,
      }).addTo(drawn.map)
    : null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const readCoordinate = (text: string) => {
  const value = Number(text.trim().replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
};

/**
 * The report form's point: latitude and longitude fields (typed, or filled by the map or the
 * device's location), rounded as they will be shown. The map centres on the city chosen in
 * `cityInputId` until a point is marked.
 */
export function PointPicker({
  latitude,
  longitude,
  cityInputId,
  tiles,
}: {
  latitude: AnyField;
  longitude: AnyField;
  cityInputId: string;
  tiles: MapTiles | null;
}) {
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState({
    latitude: String(latitude.initialValue ?? ""),
    longitude: String(longitude.initialValue ?? ""),
  });
  const [status, setStatus] = useState("");
  const point = (() => {
    const lat = readCoordinate(values.latitude);
    const lng = readCoordinate(values.longitude);
    return lat === null || lng === null ? null : { latitude: lat, longitude: lng };
  })();
  const pointRef = useRef(point);
  useEffect(() => {
    pointRef.current = point;
  });

  const place = (chosen: Point, how: string) => {
    const rounded = roundedPoint(chosen.latitude, chosen.longitude);
    setValues({ latitude: String(rounded.latitude), longitude: String(rounded.longitude) });
    setStatus(`Ponto marcado ${how}: ${rounded.latitude}, ${rounded.longitude} (arredondado a cerca de 500 m).`);
  };
  const placeRef = useRef(place);
  useEffect(() => {
    placeRef.current = place;
  });

  const followCity = useRef<(() => void) | null>(null);
  const drawn = useLeaflet(
    container,
    tiles,
    point ? { center: [point.latitude, point.longitude], zoom: POINT_ZOOM } : { center: [-14.2, -51.9], zoom: 4 },
    (ready) => {
      ready.map.on("click", (event) =>
        placeRef.current({ latitude: event.latlng.lat, longitude: event.latlng.lng }, "no mapa"),
      );
      showArea(ready, pointRef.current);
      followCity.current?.();
    },
  );

  // The marked point, however it was given, is the one the map shows.
  useEffect(() => {
    if (drawn.current) showArea(drawn.current, point);
  }, [drawn, point?.latitude, point?.longitude]); // eslint-disable-line react-hooks/exhaustive-deps

  // Until a point is marked, the map follows the city field: its seat, from the cities' suggestions.
  useEffect(() => {
    const input = document.getElementById(cityInputId);
    if (!tiles || !(input instanceof HTMLInputElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const follow = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const typed = input.value.trim();
        if (!typed || pointRef.current || !drawn.current) return;
        request?.abort();
        request = new AbortController();
        try {
          const response = await fetch(`/adopet/api/cidades?${new URLSearchParams({ q: typed })}`, {
            signal: request.signal,
          });
          const { cidades } = (await response.json()) as {
            cidades: { rotulo: string; latitude: number; longitude: number }[];
          };
          const city = cidades.find((item) => item.rotulo.toLowerCase() === typed.toLowerCase()) ?? cidades[0];
          if (city && drawn.current && !pointRef.current) {
            drawn.current.map.setView([city.latitude, city.longitude], CITY_ZOOM);
            setStatus(`O mapa mostra ${city.rotulo}.`);
          }
        } catch {
          // A request replaced by the next keystroke, or offline: the map stays where it was.
        }
      }, 400);
    };
    followCity.current = follow;
    follow();
    input.addEventListener("input", follow);
    input.addEventListener("change", follow);
    return () => {
      followCity.current = null;
      clearTimeout(timer);
      request?.abort();
      input.removeEventListener("input", follow);
      input.removeEventListener("change", follow);
    };
  }, [cityInputId, tiles, drawn, hydrated]);

  const useMyLocation = () => {
    if (!("geolocation" in navigator)) {
      setStatus("Este navegador não informa a localização: marque o ponto no mapa ou digite-o.");
      return;
    }
    setStatus("Procurando a sua localização…");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const here = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        place(here, "pela sua localização");
        drawn.current?.map.setView([here.latitude, here.longitude], POINT_ZOOM);
      },
      () => setStatus("Não foi possível saber a sua localização: marque o ponto no mapa ou digite-o."),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const hintId = `${latitude.id}-hint`;
  return (
    <fieldset className="field point-picker" aria-describedby={hintId}>
      <legend className="field__label">Ponto no mapa (opcional)</legend>
      <p className="field__hint" id={hintId}>
        {tiles
          ? "Toque no mapa onde o animal se perdeu ou foi visto, ou use a sua localização se você está lá. O anúncio mostra o ponto arredondado a cerca de 500 m, nunca um endereço."
          : "Use a sua localização se você está onde o animal se perdeu ou foi visto, ou digite o ponto. O anúncio mostra o ponto arredondado a cerca de 500 m, nunca um endereço."}
      </p>
      {hydrated && tiles ? (
        <div
          ref={container}
          className="point-picker__map"
          role="application"
          aria-label="Mapa: toque para marcar o ponto; as setas movem o mapa"
        />
      ) : null}
      {hydrated ? (
        <div className="point-picker__actions">
          {tiles ? (
            <button
              type="button"
              className="my-pet__action"
              onClick={() => {
                const center = drawn.current?.map.getCenter();
                if (center) place({ latitude: center.lat, longitude: center.lng }, "no centro do mapa");
              }}
            >
              Marcar o centro do mapa
            </button>
          ) : null}
          <button type="button" className="my-pet__action" onClick={useMyLocation}>
            Usar a minha localização
          </button>
          {point ? (
            <button
              type="button"
              className="my-pet__action"
              onClick={() => {
                setValues({ latitude: "", longitude: "" });
                setStatus("Ponto apagado: o anúncio mostra a cidade.");
              }}
            >
              Limpar o ponto
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="point-picker__status">
        {status}
      </p>
      <div className="point-picker__coordinates">
        <TextField
          meta={latitude}
          label="Latitude"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          control={{ value: values.latitude, onChange: (text) => setValues((now) => ({ ...now, latitude: text })) }}
        />
        <TextField
          meta={longitude}
          label="Longitude"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          control={{ value: values.longitude, onChange: (text) => setValues((now) => ({ ...now, longitude: text })) }}
        />
      </div>
    </fieldset>
  );
}

/** A report's point, read-only: the area it stands for, on the configured tiles. */
export function PointMap({ point, tiles, label }: { point: Point; tiles: MapTiles; label: string }) {
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  useLeaflet(container, tiles, { center: [point.latitude, point.longitude], zoom: POINT_ZOOM }, (ready) =>
    showArea(ready, point),
  );
  return hydrated ? <div ref={container} className="point-map" role="region" aria-label={label} /> : null;
}
