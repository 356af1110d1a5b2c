/**
 * spec §5 Upload and §9 limits, word for word: the server refuses with these texts and the upload
 * control warns with the same ones before a file leaves the browser.
 */
export const UploadMsg = {
  type: '仅支持JPG/JPEG/PNG或PDF文件上传',
  size: '文件最大支持10M',
  name: '文件名不能包含下列特殊字符：/ \\ * : ? " < > |',
  count: '文件上传限制3个以内',
  empty: '未上传任何文件',
  /** spec §8 upload failure: `{file name} 上传失败`, or 未知错误 when the answer has no message */
  failed: (name: string) => `${name} 上传失败`,
  unknown: '未知错误',
} as const;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 3;
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** spec §9: the upload popup is 520 × 200 */
export const UPLOAD_POPUP_WIDTH = 520;
export const UPLOAD_POPUP_HEIGHT = 200;
/** spec §9: file names are shown truncated to 5 characters */
export const UPLOAD_NAME_CHARS = 5;
/** The characters a file name may not contain (spec §5), and control characters. */
// oxlint-disable-next-line no-control-regex -- control characters are exactly what this refuses
export const UPLOAD_BAD_NAME = /[/\\*:?"<>|\u0000-\u001f]/;
