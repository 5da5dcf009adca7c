import type { SubmissionResult } from "@conform-to/react";
import { MessageFields } from "~/components/conversation-thread";
import { ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { conversationReplyFormSchema } from "~/validation/conversations";

/**
 * The form that opens a conversation with its first message (a lost-and-found report's author),
 * with `children` above its box. Its own module, loaded (React.lazy) by the page that shows it to
 * some readers only: the others' page carries no form library.
 */
export default function OpeningMessageForm({
  action,
  otherName,
  result,
  children,
}: {
  action: string;
  otherName: string;
  result: SubmissionResult<string[]> | undefined;
  children?: React.ReactNode;
}) {
  const [form, fields, focus] = useValidatedForm(conversationReplyFormSchema, result);
  return (
    <ValidatedForm form={form} focus={focus} action={action}>
      {children}
      <MessageFields form={form} fields={fields} otherName={otherName} />
    </ValidatedForm>
  );
}
