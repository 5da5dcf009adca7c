/**
 * A `wa.me` link to a Brazilian phone as a person typed it ("(21) 98765-4321"), with a message
 * already written: the country code (55) is added unless the number has it.
 */
export function whatsAppLink(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, "");
  const international = digits.length > 11 && digits.startsWith("55") ? digits : `55${digits}`;
  return `https://wa.me/${international}?text=${encodeURIComponent(text)}`;
}
