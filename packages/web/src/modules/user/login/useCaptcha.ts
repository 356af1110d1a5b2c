import { useCallback, useEffect, useState } from 'react';
import { getCaptcha } from '../../../platform/auth.api.ts';

export type Captcha = { key: string; image: string | null; refresh: () => void };

const newKey = () => String(Date.now());

/**
 * JEECG-API §2.1: the client picks the key (current time in ms) and shows the answered data URL. A new
 * key is a new image: the effect fetches the image of the current key while the captcha is asked for.
 */
export function useCaptcha(enabled: boolean): Captcha {
  const [key, setKey] = useState(newKey);
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    getCaptcha(key)
      .then((answer) => {
        if (current && answer.success && typeof answer.result === 'string') setImage(answer.result);
      })
      .catch(() => {
        if (current) setImage(null);
      });
    return () => {
      current = false;
    };
  }, [enabled, key]);

  // Two refreshes within one millisecond still give two images: the key only moves forward.
  const refresh = useCallback(() => setKey((previous) => String(Math.max(Date.now(), Number(previous) + 1))), []);

  return { key, image, refresh };
}
