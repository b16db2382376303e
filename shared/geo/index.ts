export { haversineKm, type LatLng } from "./haversine.js";
