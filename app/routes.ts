import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/welcome.tsx"),
  route("cadastro", "routes/cadastro.tsx"),
  route("login", "routes/login.tsx"),
  route("sair", "routes/sair.tsx"),
  route("perfil", "routes/perfil.tsx"),
  route("imagens/:imageId/:file", "routes/image.ts"),
  ...prefix("api", [
    route("users", "routes/api/users.ts"),
    route("users/:id", "routes/api/user.ts"),
    route("session", "routes/api/session.ts"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
