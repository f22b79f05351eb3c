import { FileManagerPage as FileManagerFeaturePage } from '../../features/ocr/components/files/file-manager';

export function FileManagerPage() {
  return <FileManagerFeaturePage />;
}
