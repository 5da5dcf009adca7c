/**
 * A `wa.me` link to a Brazilian phone as a person typed it ("(21) 98765-4321"), with a message
 * already written: the country code (55) is added unless the number has it.
 */
export function whatsAppLink(phone: string, text: string): string {
  return `https://wa.me/55${phoneDigits(phone)}?text=${encodeURIComponent(text)}`;
}

/** A Brazilian phone's digits without the country code: one number however it was typed. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length > 11 && digits.startsWith("55") ? digits.slice(2) : digits;
}
