import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/welcome.tsx"),
  route("cadastro", "routes/cadastro.tsx"),
  route("login", "routes/login.tsx"),
  route("sair", "routes/sair.tsx"),
  route("perfil", "routes/perfil.tsx"),
  route("perfil/senha", "routes/perfil.senha.tsx"),
  route("home", "routes/home.tsx"),
  route("contato", "routes/contato.tsx"),
  route("mensagens", "routes/mensagens.tsx"),
  route("pets/:id", "routes/pet.tsx"),
  route("meus-pets", "routes/meus-pets.tsx"),
  route("meus-pets/novo", "routes/meus-pets.novo.tsx"),
  route("meus-pets/:id", "routes/meus-pets.editar.tsx"),
  route("imagens/:imageId/:file", "routes/image.ts"),
  ...prefix("api", [
    route("users", "routes/api/users.ts"),
    route("users/:id", "routes/api/user.ts"),
    route("session", "routes/api/session.ts"),
    route("pets", "routes/api/pets.ts"),
    route("pets/:id", "routes/api/pet.ts"),
    route("messages", "routes/api/messages.ts"),
    route("messages/:id", "routes/api/message.ts"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
