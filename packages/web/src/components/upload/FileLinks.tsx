import { FilePdfOutlined } from '@ant-design/icons';
import { splitFilePaths } from '@sbwq/contracts';
import { Image, Space, Typography } from 'antd';
import { staticUrl } from '../../platform/config.ts';
import { isImagePath, nameOfPath, shortName } from './upload.rules.ts';
import { useFileNames } from './fileNames.ts';

type FileLinksProps = {
  /** comma-separated stored paths */
  value: string | null | undefined;
  /** thumbnail size of images */
  size?: number;
  /** text for a PDF link (default: the name it was uploaded under, cut to 5 characters) */
  label?: string;
};

/**
 * Stored files shown read-only (details, approvals, tables): images as thumbnails that open the
 * preview, PDFs as links that open in a new tab. The browser sends the static-file cookie itself.
 */
export function FileLinks({ value, size = 64, label }: FileLinksProps) {
  const paths = splitFilePaths(value);
  const names = useFileNames(paths);
  const nameOf = (path: string) => names[path] ?? nameOfPath(path);
  if (!paths.length) return <Typography.Text type="secondary">未上传</Typography.Text>;
  return (
    <Space wrap size={8}>
      {paths.map((path, index) =>
        isImagePath(path) ? (
          <Image key={path} src={staticUrl(path)} width={size} height={size} style={{ objectFit: 'cover' }} alt={label ?? nameOf(path)} />
        ) : (
          <Typography.Link key={path} href={staticUrl(path)} target="_blank" rel="noopener" title={nameOf(path)}>
            <FilePdfOutlined /> {label ? (paths.length > 1 ? `${label}${index + 1}` : label) : shortName(nameOf(path))}
          </Typography.Link>
        ),
      )}
    </Space>
  );
}
