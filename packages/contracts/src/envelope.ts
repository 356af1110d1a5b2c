/** The JeecgBoot `Result` envelope every JSON answer uses (JEECG-API §1.1). */
export type Envelope<T = unknown> = {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
};

/** Paged list answer (MyBatis-Plus IPage shape, JEECG-API §5.8). */
export type Page<T> = {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
};

export const ResultCode = {
  ok: 200,
  error: 500,
  noAuth: 510,
  /** spec §8: login code 512 sends the user to the main index page */
  goIndex: 512,
} as const;
