/**
 * Avatar upload (texts from the spec's validation rules and error catalogue). Online only: the file goes to the server as it is
 * and the answer replaces the user in the mirror. Types and size are checked here first so a
 * wrong file fails at once, also offline.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { AVATAR_MIME_TYPES } from '../../contract/limits';
import { showToast } from '../../stores/ui';
import { serverMessage } from '../../sync/engine/api';
import { actions } from '../../sync/app';
import { AVATAR_UPDATED, AVATAR_UPLOAD_FAILED, checkAvatarFile } from './avatar-file';

export function AvatarUpload() {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const invalid = checkAvatarFile(file);
    setError(invalid);
    if (invalid) {
      if (input.current) input.current.value = '';
      return;
    }
    setUploading(true);
    try {
      await actions.uploadAvatar(file, file.name);
      showToast({ title: AVATAR_UPDATED, variant: 'success' });
    } catch (failure) {
      setError(serverMessage(failure) ?? AVATAR_UPLOAD_FAILED);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="avatar-upload">
      <label htmlFor="avatar-file" className="button button--secondary file-label">
        {uploading ? 'Uploading…' : 'Change avatar'}
      </label>
      <input
        ref={input}
        id="avatar-file"
        className="visually-hidden"
        type="file"
        accept={AVATAR_MIME_TYPES.join(',')}
        disabled={uploading}
        onChange={(event) => void onChange(event)}
      />
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
