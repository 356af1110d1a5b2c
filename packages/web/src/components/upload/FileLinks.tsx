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
  /** each file under its whole uploaded name (a thumbnail captioned, a PDF link spelled out): where a reader decides on the files */
  named?: boolean;
};

/**
 * Stored files shown read-only (details, approvals, tables): images as thumbnails that open the
 * preview, PDFs as links that open in a new tab. The browser sends the static-file cookie itself.
 */
export function FileLinks({ value, size = 64, label, named = false }: FileLinksProps) {
  const paths = splitFilePaths(value);
  const names = useFileNames(paths);
  const nameOf = (path: string) => names[path] ?? nameOfPath(path);
  if (!paths.length) return <Typography.Text type="secondary">未上传</Typography.Text>;
  return (
    <Space wrap size={8}>
      {paths.map((path, index) => {
        if (isImagePath(path)) {
          const image = <Image key={path} src={staticUrl(path)} width={size} height={size} style={{ objectFit: 'cover' }} alt={label ?? nameOf(path)} />;
          return named ? (
            <figure key={path} className="file-link-named" style={{ margin: 0, maxWidth: Math.max(size, 120) }}>
              {image}
              <figcaption style={{ wordBreak: 'break-all', fontSize: 12 }}>{nameOf(path)}</figcaption>
            </figure>
          ) : (
            image
          );
        }
        return (
          <Typography.Link
            key={path}
            href={staticUrl(path)}
            target="_blank"
            rel="noopener"
            title={nameOf(path)}
            style={named ? { wordBreak: 'break-all' } : undefined}
          >
            <FilePdfOutlined /> {label ? (paths.length > 1 ? `${label}${index + 1}` : label) : named ? nameOf(path) : shortName(nameOf(path))}
          </Typography.Link>
        );
      })}
    </Space>
  );
}
