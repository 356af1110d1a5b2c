import { useCallback, useEffect, useState } from 'react';
import { getCaptcha } from '../../../platform/auth.api.ts';

export type Captcha = { key: string; image: string | null; refresh: () => void };

/** JEECG-API §2.1: the client picks the key (current time in ms) and shows the answered data URL. */
export function useCaptcha(enabled: boolean): Captcha {
  const [key, setKey] = useState('');
  const [image, setImage] = useState<string | null>(null);

  const refresh = useCallback(() => {
    const next = String(Date.now());
    setKey(next);
    getCaptcha(next)
      .then((answer) => {
        if (answer.success && typeof answer.result === 'string') setImage(answer.result);
      })
      .catch(() => setImage(null));
  }, []);

  useEffect(() => {
    if (enabled) refresh();
  }, [enabled, refresh]);

  return { key, image, refresh };
}
