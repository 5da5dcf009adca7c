import type { ReactNode } from "react";
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";

/**
 * Every e-mail's frame, in the site's look (spec/texts.md, with the accessible shades of
 * ADR 4): the blue band with the name, a white panel, the green bar. Inline styles and
 * tables (React Email's components), since mail programs ignore stylesheets.
 */
export const colours = {
  blue: "#2F66F0",
  cream: "#FCF0E3",
  green: "#36D6AD",
  coral: "#CC3D3F",
  ink: "#2B2B33",
  grey: "#5C5C66",
  panel: "#F6F6F6",
  white: "#FFFFFF",
};

/** The call to action of an e-mail: the site's coral button. */
/** A quoted reason or message: what the other person wrote, set apart from our words. */
export const quote = { backgroundColor: colours.panel, borderLeft: `4px solid ${colours.green}`, padding: "8px 12px" };

export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: colours.coral,
        color: colours.white,
        borderRadius: "6px",
        padding: "10px 20px",
        fontWeight: 600,
      }}
    >
      {children}
    </Button>
  );
}

const font = "Poppins, 'IBM Plex Sans', Arial, Helvetica, sans-serif";

export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="pt-BR" dir="ltr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colours.panel, margin: 0, padding: "24px 0", fontFamily: font }}>
        <Container style={{ maxWidth: "560px", backgroundColor: colours.white, borderRadius: "10px" }}>
          <Section style={{ backgroundColor: colours.blue, borderRadius: "10px 10px 0 0", padding: "16px 24px" }}>
            <Text style={{ color: colours.cream, fontSize: "24px", fontWeight: 700, margin: 0 }}>Adopet</Text>
          </Section>
          <Section style={{ padding: "8px 24px 16px", color: colours.ink, fontSize: "16px", lineHeight: "24px" }}>
            {children}
          </Section>
          <Hr style={{ borderColor: colours.green, borderWidth: "4px 0 0", margin: 0 }} />
          <Section style={{ padding: "8px 24px 16px" }}>
            <Text style={{ color: colours.grey, fontSize: "13px", lineHeight: "20px", margin: 0 }}>
              Este é um aviso automático da Adopet. Não responda a este e-mail.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
