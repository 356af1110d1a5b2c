import { announcementFlow, announcementResource, type AnnouncementRecord, type Envelope, type UserRecord } from '@sbwq/contracts';
import { staticUrl } from '../../../platform/config.ts';
import { flowApi } from '../../../platform/flowApi.ts';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** The form body of add and edit (JEECG-API §5.2): the contracts' input shape, plus the id on edit. */
export type AnnouncementBody = ResourceBody<typeof announcementResource>;

const flow = flowApi(announcementFlow);

/** 通告管理 (JEECG-API §5.2; spelling `annountCement` and `doReovkeData` kept). */
export const announcementApi = {
  ...resourceApi(announcementResource),
  release: (record: AnnouncementRecord) => flow.release({ id: record.id }),
  revoke: (record: AnnouncementRecord) => flow.revoke({ id: record.id }),
};

/** Users by id, for the names of an announcement's chosen users (needs system:user:list; silent without it). */
export const usersByIds = (ids: string[]) =>
  http.get<UserRecord[]>('/sys/user/queryByIds', { userIds: ids.join(',') }, { silent: true }).then((answer) => (answer.success ? answer.result : []));

/** spec §5 Upload: 10 MB at most; the editor takes pictures only (the server also accepts PDF). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg';
export const IMAGE_TYPE_TEXT = '仅支持JPG/JPEG/PNG图片';
export const FILE_TOO_LARGE_TEXT = '文件最大支持10M';
export const uploadFailedText = (name: string) => `${name} 上传失败`;

/**
 * Uploads a picture for an announcement body (spec §7 Files: POST /sys/common/upload, the path in
 * `message`) and answers its address. Rejects with the text to show.
 */
export async function uploadImage(file: File): Promise<string> {
  if (!/\.(png|jpe?g)$/i.test(file.name)) throw new Error(IMAGE_TYPE_TEXT);
  if (file.size > IMAGE_MAX_BYTES) throw new Error(FILE_TOO_LARGE_TEXT);
  const form = new FormData();
  form.append('file', file);
  form.append('biz', 'announcement');
  let answer: Envelope<unknown>;
  try {
    answer = await http.post('/sys/common/upload', form, { silent: true });
  } catch {
    throw new Error(uploadFailedText(file.name));
  }
  if (!answer.success || !answer.message) throw new Error(answer.message ? `${uploadFailedText(file.name)}：${answer.message}` : uploadFailedText(file.name));
  return staticUrl(answer.message);
}
