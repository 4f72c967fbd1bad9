import { useContext, useState } from 'react';
import { Button, Input, Upload } from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import { useForm } from '@formily/react';
import { DataProviderContext, type IdCardData } from '../../api/data-provider';
import { adapt } from './adapt';
import type { FieldAdapterProps } from './types';
import { feedback } from '../feedback';

/** Which form fields the recognised ID card fills (form field → ID card property); override with props.fill. */
const DEFAULT_FILL: Record<string, keyof IdCardData> = {
  name: 'idCardName',
  sex: 'sex',
  birthday: 'birthday',
  address: 'address',
};

/** ID number input with a photo-recognition button that fills the number and the related fields. */
export const IdCardField = adapt(({ def, value, onChange, disabled }: FieldAdapterProps<string>) => {
  const provider = useContext(DataProviderContext);
  const form = useForm();
  const [busy, setBusy] = useState(false);
  const fill = (def.props?.fill as Record<string, keyof IdCardData>) ?? DEFAULT_FILL;

  const recognise = async (file: File) => {
    if (!provider) return;
    setBusy(true);
    try {
      const data = await provider.recognizeIdCard(await provider.upload(file, file.name));
      if (data.idCardNo) onChange?.(data.idCardNo);
      for (const [field, key] of Object.entries(fill)) {
        if (data[key] !== undefined && form?.query(field).take()) form.setValuesIn(field, data[key]);
      }
    } catch {
      feedback.message.error('识别失败，请手动输入');
    } finally {
      setBusy(false);
    }
  };

  return (
    <span style={{ display: 'flex', gap: 8 }}>
      <Input
        value={value ?? ''}
        disabled={disabled}
        placeholder={def.placeholder ?? `请输入${def.titleName}`}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <Upload
        accept="image/*"
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(f) => {
          void recognise(f);
          return false;
        }}
      >
        <Button icon={<IdcardOutlined />} loading={busy} disabled={disabled}>
          识别
        </Button>
      </Upload>
    </span>
  );
});
