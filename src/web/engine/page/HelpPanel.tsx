// The tab bar's 帮助 (operation/findOperationGuidance): the team's help text and tips image for this module,
// read when the popover opens; a team admin edits both in place (编辑). Until the team writes its own, the page
// schema's help text and tips image stand (also without a provider that serves guidance: stories, fixtures).
import { useContext, useEffect, useState } from 'react';
import { Button, Empty, Form, Input, Modal, Space, Spin, Typography, Upload } from 'antd';
import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { DataProviderContext, type Guidance } from '../../api/data-provider';
import { Messages } from '../../../common/rules/messages';
import { TipsImage } from './TipsImage';

/** Matches the server's limit on operation guidance (spec-calls/guidance.ts). */
const HELP_TEXT_MAX = 5000;

export function HelpPanel({
  module,
  help,
  tipsImage,
  open,
}: {
  module?: string;
  help?: string;
  tipsImage?: string;
  open: boolean;
}) {
  const provider = useContext(DataProviderContext);
  const [guidance, setGuidance] = useState<Guidance | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [editing, setEditing] = useState(false);
  const served = !!(module && provider?.getGuidance);

  useEffect(() => {
    if (!open || !served) return;
    let live = true;
    setState('loading');
    provider!.getGuidance!(module!).then(
      (g) => {
        if (live) {
          setGuidance(g);
          setState('idle');
        }
      },
      () => {
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [open, served, module, provider]);

  const helpText = (served ? guidance?.helpText : undefined) || help;
  if (!served) return <HelpBody text={helpText} image={tipsImage} />;
  if (state === 'loading' && !guidance) return <Spin style={{ display: 'block', padding: 24 }} />;
  if (state === 'failed') return <Typography.Text type="danger">帮助内容读取失败，请稍后再试</Typography.Text>;
  const image = guidance?.tipsImage ?? tipsImage;
  return (
    <div className="yg-help-panel">
      <HelpBody text={helpText} image={image} />
      {guidance?.canEdit && (
        <Space style={{ marginTop: 8, justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {guidance.updatedAt
              ? `${guidance.updatedByName ?? ''} 更新于 ${dayjs(guidance.updatedAt).format('YYYY-MM-DD HH:mm')}`
              : ''}
          </Typography.Text>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            编辑
          </Button>
        </Space>
      )}
      {editing && guidance && (
        <GuidanceEditor
          guidance={{ ...guidance, helpText: guidance.helpText || help || '' }}
          onClose={() => setEditing(false)}
          onSaved={(g) => {
            setGuidance(g);
            setEditing(false);
          }}
        />
      )}
    </div>
  );
}

function HelpBody({ text, image }: { text?: string; image?: string | null }) {
  return (
    <>
      {text ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxHeight: '30vh', overflow: 'auto' }}>
          {text}
        </Typography.Paragraph>
      ) : (
        !image && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无帮助说明" />
      )}
      {image && <TipsImage src={image} />}
    </>
  );
}

function GuidanceEditor({
  guidance,
  onClose,
  onSaved,
}: {
  guidance: Guidance;
  onClose: () => void;
  onSaved: (g: Guidance) => void;
}) {
  const provider = useContext(DataProviderContext)!;
  const [helpText, setHelpText] = useState(guidance.helpText);
  const [image, setImage] = useState<string | null>(guidance.tipsImage);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      onSaved(await provider.saveGuidance!({ module: guidance.module, helpText, tipsImage: image }));
    } catch {
      // The client has shown the server's message; the dialog stays open to correct it.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`编辑${Messages.help}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="帮助说明">
          <Input.TextArea
            value={helpText}
            onChange={(e) => setHelpText(e.target.value)}
            maxLength={HELP_TEXT_MAX}
            showCount
            autoSize={{ minRows: 6, maxRows: 14 }}
          />
        </Form.Item>
        <Form.Item label="提示图片">
          <Space direction="vertical">
            {image && (
              <img src={image} alt="提示图片" style={{ maxWidth: 240, maxHeight: 160, border: '1px solid #f0f0f0' }} />
            )}
            <Space>
              <Upload
                accept="image/*"
                showUploadList={false}
                customRequest={async ({ file, onSuccess, onError }) => {
                  try {
                    const stored = await provider.upload(file as File);
                    setImage(stored.url);
                    onSuccess?.(stored);
                  } catch (e) {
                    onError?.(e as Error);
                  }
                }}
              >
                <Button icon={<UploadOutlined />}>{image ? '更换图片' : '上传图片'}</Button>
              </Upload>
              {image && <Button onClick={() => setImage(null)}>清除图片</Button>}
            </Space>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
