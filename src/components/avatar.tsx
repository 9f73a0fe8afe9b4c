import { useEffect, useRef, useState } from 'react';
import { profile } from '../content/profile.ts';
import { imageSize, imageUrl } from '../content/images.ts';
import styles from './avatar.module.css';

/** How long the pointer must rest on the avatar before it swaps to the white variant. */
export const AVATAR_HOVER_DELAY_MS = 500;

/** The owner's portrait; after a 500 ms hover it turns to its white variant, and back on leave. */
export function Avatar() {
  const [white, setWhite] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => cancel, []);

  const file = white ? profile.avatarWhite : profile.avatar;
  return (
    <div className={styles.frame} data-variant={white ? 'white' : 'default'}>
      <img
        className={styles.image}
        src={imageUrl(file)}
        alt={profile.avatarAlt}
        {...imageSize(file)}
        onMouseEnter={() => {
          cancel();
          timer.current = setTimeout(() => setWhite(true), AVATAR_HOVER_DELAY_MS);
        }}
        onMouseLeave={() => {
          cancel();
          setWhite(false);
        }}
      />
    </div>
  );
}
