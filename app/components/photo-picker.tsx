import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { NoPhotoAvatar } from "./art";
import { useErrorFocus } from "./form-fields";
import { isAcceptedImageType } from "~/validation/fields";

/**
 * A picture (the profile photo, an organisation's logo): click it (or focus it and press
 * Enter/Space) to choose a file; an accepted image is previewed before saving, and anything
 * else shows the type error at once.
 */
export function PhotoPicker({
  meta,
  current,
  onChosen,
  label = "Foto",
  alt = "Sua foto de perfil",
  hint = "Clique na foto para editar",
  square = false,
}: {
  meta: FieldMetadata<File | undefined>;
  current: string | null;
  onChosen: () => void;
  label?: string;
  alt?: string;
  hint?: string;
  /** A logo keeps its corners and its whole picture; a face is cropped to a circle. */
  square?: boolean;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const focus = useErrorFocus(meta.name);
  const error = meta.errors?.[0];
  const shown = preview ?? current;
  return (
    <div className="field photo-field">
      <span className="field__label" id={`${meta.id}-titulo`}>
        {label}
      </span>
      <label className="photo-picker" htmlFor={meta.id}>
        {shown ? (
          <img
            className={`photo-picker__image${square ? " photo-picker__image--square" : ""}`}
            src={shown}
            alt={alt}
            width={96}
            height={96}
          />
        ) : (
          <NoPhotoAvatar className="photo-picker__image" />
        )}
        <span className="photo-picker__hint">{hint}</span>
        <input
          {...getInputProps(meta, { type: "file" })}
          className="visually-hidden"
          accept=".jpeg,.jpg,.png,image/jpeg,image/png"
          aria-labelledby={`${meta.id}-titulo`}
          {...focus}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file && isAcceptedImageType(file) ? URL.createObjectURL(file) : null);
            onChosen();
          }}
        />
      </label>
      <p id={meta.errorId} className="field__error" aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}
