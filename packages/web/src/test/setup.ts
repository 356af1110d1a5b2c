import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => cleanup());

/*
 * An antd animation can leave React one last scheduled render when a file's final test ends; on a
 * loaded machine it would run after the DOM environment is gone ("window is not defined"). Let it
 * run first.
 */
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 200)));
