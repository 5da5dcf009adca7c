import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEnv } from "~/env.server";

describe("settings", () => {
  it("default to the embedded database in ./data, port 3000 and demo data", () => {
    const env = readEnv({});
    expect(env).toMatchObject({ host: "0.0.0.0", port: 3000, databaseUrl: undefined, demoData: true });
    expect(env.dataDir).toBe(path.resolve("data"));
  });

  it("write a log line per request unless REQUEST_LOG=off", () => {
    expect(readEnv({}).requestLog).toBe(true);
    expect(readEnv({ REQUEST_LOG: "off" }).requestLog).toBe(false);
  });

  it("turn demo data off by default on PostgreSQL, unless asked", () => {
    expect(readEnv({ DATABASE_URL: "postgres://localhost/adopet" }).demoData).toBe(false);
    expect(readEnv({ DATABASE_URL: "postgres://localhost/adopet", DEMO_DATA: "true" }).demoData).toBe(true);
    expect(readEnv({ DEMO_DATA: "false" }).demoData).toBe(false);
  });

  it("turn demo data off by default at a public address, unless DEMO_DATA=on; a local one keeps it", () => {
    expect(readEnv({ PUBLIC_URL: "https://adote.exemplo.org" })).toMatchObject({ demoData: false, publicSite: true });
    expect(readEnv({ PUBLIC_URL: "https://adote.exemplo.org", DEMO_DATA: "on" })).toMatchObject({
      demoData: true,
      publicSite: true,
    });
    for (const local of [
      "http://localhost:3000",
      "http://127.0.0.1:8080",
      "http://[::1]:3000",
      "http://adopet.localhost",
    ]) {
      expect(readEnv({ NODE_ENV: "production", PUBLIC_URL: local }), local).toMatchObject({
        demoData: true,
        publicSite: false,
      });
    }
    expect(readEnv({ NODE_ENV: "production" })).toMatchObject({ demoData: true, publicSite: false });
    expect(readEnv({ DEMO_DATA: "off" }).demoData).toBe(false);
    // Not local: a name that only begins like one.
    expect(readEnv({ PUBLIC_URL: "https://localhost.exemplo.org" }).publicSite).toBe(true);
  });

  it("treat an empty variable as unset", () => {
    const env = readEnv({ DATABASE_URL: "", DATA_DIR: "", PORT: "" });
    expect(env).toMatchObject({ databaseUrl: undefined, dataDir: path.resolve("data"), port: 3000 });
  });

  it("refuse invalid values with a message naming each", () => {
    expect(() => readEnv({ PORT: "porta", DATABASE_URL: "mysql://x" })).toThrow(/PORT[\s\S]*DATABASE_URL/);
    expect(() => readEnv({ DEMO_DATA: "talvez" })).toThrow(/DEMO_DATA/);
  });

  it("fetch no map tiles unless MAP_TILES_URL names one https server with {z}, {x} and {y}", () => {
    expect(readEnv({}).mapTiles).toBeUndefined();
    expect(readEnv({ MAP_TILES_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png" }).mapTiles).toEqual({
      url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: "© colaboradores do OpenStreetMap",
      origin: "https://tile.openstreetmap.org",
    });
    // A local test server may speak plain HTTP; nothing else may.
    expect(readEnv({ MAP_TILES_URL: "http://127.0.0.1:3212/tiles/{z}/{x}/{y}.png" }).mapTiles?.origin).toBe(
      "http://127.0.0.1:3212",
    );
    for (const refused of [
      "http://tiles.exemplo.org/{z}/{x}/{y}.png",
      "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
      "https://tile.openstreetmap.org/{z}/{x}.png",
      "tiles/{z}/{x}/{y}.png",
    ])
      expect(() => readEnv({ MAP_TILES_URL: refused }), refused).toThrow(/MAP_TILES_URL/);
  });

  it("run with the runtime tuning unless RUNTIME_TUNING=off", () => {
    expect(readEnv({}).runtimeTuning).toBe(true);
    expect(readEnv({ RUNTIME_TUNING: "on" }).runtimeTuning).toBe(true);
    expect(readEnv({ RUNTIME_TUNING: "off" }).runtimeTuning).toBe(false);
    expect(() => readEnv({ RUNTIME_TUNING: "false" })).toThrow(/RUNTIME_TUNING deve ser on ou off/);
  });

  it("name PostgreSQL's statements unless DATABASE_PREPARED_STATEMENTS=off", () => {
    expect(readEnv({}).preparedStatements).toBe(true);
    expect(readEnv({ DATABASE_PREPARED_STATEMENTS: "off" }).preparedStatements).toBe(false);
    expect(() => readEnv({ DATABASE_PREPARED_STATEMENTS: "nao" })).toThrow(
      /DATABASE_PREPARED_STATEMENTS deve ser on ou off/,
    );
  });
});
