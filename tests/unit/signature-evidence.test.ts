import { describe, expect, it } from "vitest";
import { keptUserAgent, maskIp, maskUserAgent } from "~/domain/termos/signature-evidence.server";

describe("a signature's evidence for the other party", () => {
  it("masks the address's host part", () => {
    expect(maskIp("203.0.113.45")).toBe("203.0.113.x");
    expect(maskIp("::ffff:203.0.113.45")).toBe("203.0.113.x");
    expect(maskIp("2001:db8:85a3:1234:5678:8a2e:370:7334")).toBe("2001:db8:85a3::x");
    expect(maskIp("2001:db8::1")).toBe("2001:db8::x");
    expect(maskIp("desconhecido")).toBe("oculto");
  });

  it("reduces the browser string to its family and system", () => {
    const android =
      "Mozilla/5.0 (Linux; Android 13; SM-A135M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
    expect(maskUserAgent(android)).toBe("Chrome em Android");
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
    expect(maskUserAgent(iphone)).toBe("Safari em iOS");
    expect(maskUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36 Edg/120.0")).toBe(
      "Edge em Windows",
    );
    expect(maskUserAgent("curl/8.4.0")).toBe("Outro navegador");
  });
});

describe("the browser string as it is kept", () => {
  it("loses controls and direction marks, and is bounded to 500 whole characters", () => {
    expect(keptUserAgent("Teste\u0085/1.0\u001b[2J (\u202eAndroid)")).toBe("Teste/1.0[2J (Android)");
    expect(keptUserAgent("  ")).toBe("não informado");
    expect(keptUserAgent(undefined)).toBe("não informado");
    const long = keptUserAgent("🐶".repeat(600));
    expect(Array.from(long)).toHaveLength(500);
    expect(long.endsWith("🐶")).toBe(true);
  });
});
