import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/welcome.tsx"),
  route("imagens/:imageId/:file", "routes/image.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
