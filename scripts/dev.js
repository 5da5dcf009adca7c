// `npm run dev`: the development server, with a local mail catcher (MailDev) whose web page
// shows every e-mail the app sends (http://localhost:1080). With SMTP_URL set, mail goes there
// instead; `npm run mail` runs the catcher alone.
const MAIL_WEB_PORT = 1080;
const MAIL_SMTP_PORT = 1025;

if (!process.env.SMTP_URL) {
  const { MailDev } = await import("maildev");
  const maildev = new MailDev({
    smtp: MAIL_SMTP_PORT,
    web: MAIL_WEB_PORT,
    ip: "127.0.0.1",
    webIp: "127.0.0.1",
    silent: true,
  });
  try {
    await maildev.start();
    console.log(`E-mails enviados pelo Adopet: http://localhost:${MAIL_WEB_PORT}/ (MailDev)`);
  } catch (error) {
    // Already running (npm run mail in another terminal): use it.
    console.log(
      `MailDev não iniciado (${error instanceof Error ? error.message : error}); usando smtp://127.0.0.1:${MAIL_SMTP_PORT}.`,
    );
  }
  process.env.SMTP_URL = `smtp://127.0.0.1:${MAIL_SMTP_PORT}`;
}
await import("../server/main.js");

export {};
