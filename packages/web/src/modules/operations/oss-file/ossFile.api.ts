import { OSS_UPLOAD_PATH, ossFileResource, type Envelope } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';
import { resourceApi } from '../../../platform/resourceApi.ts';

export const ossFileApi = resourceApi(ossFileResource);

export const OSS_FILE_LIST_KEY = 'system-oss-file';

/** Large files on a slow line take longer than the API's usual 9 s (as the form uploads). */
const UPLOAD_TIMEOUT_MS = 120_000;

/** `POST /oss/file/upload`: the file goes to the current store, linked to no record. */
export const uploadOssFile = (file: File, signal?: AbortSignal): Promise<Envelope<unknown>> => {
  const data = new FormData();
  data.append('file', file, file.name);
  return http.post<unknown>(OSS_UPLOAD_PATH, data, { timeoutMs: UPLOAD_TIMEOUT_MS, signal });
};
