import { Alert, Button, Checkbox, Descriptions, Form, Input, Result, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { normaliseCreditCode, normaliseIdCardNo } from '../../../common/ids';
import { teamApi } from '../../api/team';
import { CreatedResult, useCreateTeam } from './CreateTeamResult';
import { ImageUpload } from './ImageUpload';
import { IndustryItem, industryOf } from './IndustryItem';
import { ENTERPRISE_STEPS, OnboardingFrame } from './OnboardingFrame';
import {
  checkCreditCode,
  checkIdCardNo,
  checkPersonName,
  checkRequired,
  checkTeamName,
  getWizard,
  Msg,
  rule,
  saveWizard,
  type WizardState,
} from './wizard';

/** /enterpriseInfo: the business licence photo → recognition of the credit code; company and team name. */
export function EnterpriseInfoPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<WizardState>();
  const w = getWizard();
  const [ocr, setOcr] = useState<{ busy?: boolean; message?: string; ok?: boolean } | null>(
    w.licenseUrl ? { ok: !!w.licenseRecognised, message: w.licenseRecognised ? undefined : w.ocrMessage } : null,
  );

  const recognise = async (url: string) => {
    setOcr({ busy: true });
    form.setFields([{ name: 'licenseUrl', errors: [] }]);
    try {
      const r = await teamApi.businessLicense(url);
      if (r.recognised) {
        const patch: Partial<WizardState> = { creditCode: r.creditCode };
        if (r.companyName) patch.companyName = r.companyName;
        if (r.legalPerson) saveWizard({ legalPerson: r.legalPerson });
        form.setFieldsValue(patch);
        saveWizard({ licenseUrl: url, licenseRecognised: true, ...patch });
        setOcr({ ok: true });
      } else {
        const message = r.message || '未能识别统一社会信用代码，请手动输入';
        saveWizard({ licenseUrl: url, licenseRecognised: false, ocrMessage: message });
        setOcr({ ok: false, message });
      }
    } catch {
      const message = '暂时无法识别营业执照，请手动输入';
      saveWizard({ licenseUrl: url, licenseRecognised: false, ocrMessage: message });
      setOcr({ ok: false, message });
    }
  };

  return (
    <OnboardingFrame
      title="企业信息"
      subtitle="上传营业执照，系统将识别统一社会信用代码"
      steps={ENTERPRISE_STEPS}
      current={0}
      back="/enterpriseTeam"
    >
      <Form
        form={form}
        layout="vertical"
        name="enterpriseInfo"
        validateTrigger="onBlur"
        initialValues={{
          licenseUrl: w.licenseUrl,
          creditCode: w.creditCode,
          companyName: w.companyName,
          tenantName: w.tenantName,
          logoUrl: w.logoUrl,
          industryCode: w.industryCode,
        }}
        onFinish={(v) => {
          saveWizard({
            type: 'enterprise',
            licenseUrl: v.licenseUrl,
            creditCode: normaliseCreditCode(v.creditCode ?? ''),
            companyName: v.companyName?.trim(),
            tenantName: v.tenantName?.trim() || v.companyName?.trim(),
            logoUrl: v.logoUrl,
            ...industryOf(v.industryCode),
          });
          navigate('/corporateInfo');
        }}
      >
        <div className="yg-form-row">
          <Form.Item
            label="营业执照"
            name="licenseUrl"
            rules={[rule(checkRequired(Msg.licenseRequired))]}
            required
            validateTrigger="onChange"
          >
            <ImageUpload
              label="上传营业执照"
              compress
              testId="license-upload"
              width={260}
              height={180}
              onUploaded={(f) => recognise(f.url)}
            />
          </Form.Item>
          <div className="yg-form-col" data-testid="ocr-result">
            {ocr?.busy && <Alert type="info" showIcon message="正在识别营业执照，请稍候…" />}
            {ocr?.ok && <Alert type="success" showIcon message="已识别统一社会信用代码，请核对" />}
            {ocr && !ocr.busy && !ocr.ok && (
              <Alert type="warning" showIcon message={ocr.message} description="请在下方手动填写营业执照上的信息" />
            )}
            {!ocr && <div className="yg-identify-tip">请上传清晰、完整的营业执照正本或副本照片</div>}
          </div>
        </div>
        <Form.Item
          label="企业名称"
          name="companyName"
          rules={[rule(checkRequired(Msg.companyRequired)), { max: 100, message: '最大输入长度为100' }]}
          required
        >
          <Input
            size="large"
            placeholder="请输入营业执照上的企业名称"
            maxLength={100}
            onBlur={(e) => {
              if (!form.getFieldValue('tenantName') && e.target.value.trim())
                form.setFieldsValue({ tenantName: e.target.value.trim() });
            }}
          />
        </Form.Item>
        <Form.Item
          label="统一社会信用代码"
          name="creditCode"
          rules={[rule(checkCreditCode)]}
          required
          normalize={(v: string) => v?.toUpperCase()}
        >
          <Input size="large" placeholder="请输入18位统一社会信用代码" maxLength={18} />
        </Form.Item>
        <Form.Item
          label="团队名称"
          name="tenantName"
          rules={[rule(checkTeamName)]}
          required
          extra="默认与企业名称相同，可修改为简称"
        >
          <Input size="large" placeholder="请输入团队名称" maxLength={50} />
        </Form.Item>
        <IndustryItem />
        <Form.Item label="团队标志" name="logoUrl" extra="选填，将显示在对话框与抽屉的右上角">
          <ImageUpload label="上传团队标志" testId="logo-upload" width={120} height={120} />
        </Form.Item>
        <div className="yg-step-buttons">
          <Button size="large" onClick={() => navigate('/enterpriseTeam')}>
            上一步
          </Button>
          <Button size="large" type="primary" htmlType="submit" disabled={ocr?.busy}>
            下一步
          </Button>
        </div>
      </Form>
    </OnboardingFrame>
  );
}

/** /corporateInfo: the legal representative's authorisation — name, ID number, authorisation letter. */
export function CorporateInfoPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<WizardState>();
  const w = getWizard();
  if (!w.creditCode || !w.companyName) return <Navigate to="/enterpriseInfo" replace />;
  return (
    <OnboardingFrame
      title="法人授权"
      subtitle={`请填写「${w.companyName}」法定代表人的信息，并上传加盖公章的授权书`}
      steps={ENTERPRISE_STEPS}
      current={1}
      back="/enterpriseInfo"
    >
      <Form
        form={form}
        layout="vertical"
        name="corporateInfo"
        validateTrigger="onBlur"
        initialValues={{
          legalPerson: w.legalPerson,
          legalPersonIdNo: w.legalPersonIdNo,
          authorizationUrl: w.authorizationUrl,
        }}
        onFinish={(v) => {
          saveWizard({
            legalPerson: v.legalPerson?.trim(),
            legalPersonIdNo: normaliseIdCardNo(v.legalPersonIdNo ?? ''),
            authorizationUrl: v.authorizationUrl,
          });
          navigate('/checkModel');
        }}
      >
        <Form.Item
          label="法定代表人"
          name="legalPerson"
          rules={[rule((v) => checkPersonName(v, Msg.legalRequired))]}
          required
        >
          <Input size="large" placeholder="请输入法定代表人姓名" maxLength={20} />
        </Form.Item>
        <Form.Item label="法定代表人身份证号码" name="legalPersonIdNo" rules={[rule(checkIdCardNo)]} required>
          <Input size="large" placeholder="请输入18位身份证号码" maxLength={18} />
        </Form.Item>
        <Form.Item
          label="法人授权书"
          name="authorizationUrl"
          rules={[rule(checkRequired(Msg.authorizationRequired))]}
          required
          validateTrigger="onChange"
          extra="加盖企业公章的授权书照片或 PDF，不超过10MB"
        >
          <ImageUpload
            label="上传授权书"
            accept="image/*,.pdf"
            testId="authorization-upload"
            width={200}
            height={140}
          />
        </Form.Item>
        <div className="yg-step-buttons">
          <Button size="large" onClick={() => navigate('/enterpriseInfo')}>
            上一步
          </Button>
          <Button size="large" type="primary" htmlType="submit">
            下一步
          </Button>
        </div>
      </Form>
    </OnboardingFrame>
  );
}

/** What an enterprise team still lacks, in wizard order: the screen to send the user back to. */
export function enterpriseGap(w: WizardState): string | null {
  if (!w.licenseUrl || checkCreditCode(w.creditCode) || !w.companyName || checkTeamName(w.tenantName))
    return '/enterpriseInfo';
  if (checkPersonName(w.legalPerson) || checkIdCardNo(w.legalPersonIdNo) || !w.authorizationUrl)
    return '/corporateInfo';
  return null;
}

function EnterpriseReview({ w }: { w: WizardState }) {
  const navigate = useNavigate();
  const edit = (to: string) => (
    <Button type="link" size="small" onClick={() => navigate(to)}>
      修改
    </Button>
  );
  const img = (url: string | undefined, alt: string) =>
    url ? (
      /\.pdf$/i.test(decodeURIComponent(url)) ? (
        <a href={url} target="_blank" rel="noreferrer">
          查看 PDF
        </a>
      ) : (
        <img src={url} alt={alt} className="yg-review-img" />
      )
    ) : (
      '未上传'
    );
  return (
    <>
      <Descriptions
        title="企业信息"
        extra={edit('/enterpriseInfo')}
        bordered
        column={1}
        size="middle"
        data-testid="review-enterprise"
        items={[
          { key: 'company', label: '企业名称', children: w.companyName },
          { key: 'code', label: '统一社会信用代码', children: w.creditCode },
          { key: 'team', label: '团队名称', children: w.tenantName },
          { key: 'industry', label: '所属行业', children: w.industryName ?? '未选择' },
          { key: 'license', label: '营业执照', children: img(w.licenseUrl, '营业执照') },
          ...(w.logoUrl ? [{ key: 'logo', label: '团队标志', children: img(w.logoUrl, '团队标志') }] : []),
        ]}
      />
      <Descriptions
        title="法人授权"
        extra={edit('/corporateInfo')}
        bordered
        column={1}
        size="middle"
        style={{ marginTop: 20 }}
        items={[
          { key: 'legal', label: '法定代表人', children: w.legalPerson },
          { key: 'id', label: '身份证号码', children: w.legalPersonIdNo },
          { key: 'auth', label: '法人授权书', children: img(w.authorizationUrl, '法人授权书') },
        ]}
      />
    </>
  );
}

/** /checkModel: review of everything entered; the user confirms before submitting. */
export function CheckModelPage() {
  const navigate = useNavigate();
  const w = getWizard();
  const [confirmed, setConfirmed] = useState(!!w.confirmed);
  const [error, setError] = useState<string | null>(null);
  const gap = enterpriseGap(w);
  if (gap) return <Navigate to={gap} replace />;
  return (
    <OnboardingFrame
      title="信息核对"
      subtitle="请仔细核对以下信息，确认无误后提交"
      steps={ENTERPRISE_STEPS}
      current={2}
      back="/corporateInfo"
    >
      <EnterpriseReview w={w} />
      <Space direction="vertical" style={{ marginTop: 16, width: '100%' }}>
        <Checkbox
          checked={confirmed}
          onChange={(e) => {
            setConfirmed(e.target.checked);
            setError(null);
            saveWizard({ confirmed: e.target.checked });
          }}
        >
          我确认以上信息真实有效，并已获得法定代表人授权
        </Checkbox>
        {error && <div className="yg-error-text">{error}</div>}
      </Space>
      <div className="yg-step-buttons">
        <Button size="large" onClick={() => navigate('/corporateInfo')}>
          上一步
        </Button>
        <Button
          size="large"
          type="primary"
          onClick={() => {
            if (!confirmed) return setError(Msg.confirmRequired);
            navigate('/submit');
          }}
        >
          确认提交
        </Button>
      </div>
    </OnboardingFrame>
  );
}

/** /submit: creates the enterprise team, switches to it, shows success and enters /. */
export function SubmitPage() {
  const navigate = useNavigate();
  const w = getWizard();
  const { state, code, create, enter } = useCreateTeam();
  const gap = state === 'done' ? null : enterpriseGap(w);
  const ready = state === 'idle' && !gap && !!w.confirmed;
  const started = useRef(false);
  // Arriving here from /checkModel submits at once; the button retries after a refusal.
  useEffect(() => {
    if (ready && !started.current) {
      started.current = true;
      void submit();
    }
  });
  if (state === 'done') {
    return (
      <OnboardingFrame title="提交成功" steps={ENTERPRISE_STEPS} current={4}>
        <CreatedResult code={code} name={w.tenantName} onEnter={() => void enter()} />
      </OnboardingFrame>
    );
  }
  if (gap || !w.confirmed) return <Navigate to={gap ?? '/checkModel'} replace />;
  function submit() {
    return create({
      tenantName: w.tenantName!,
      tenantType: 'enterprise',
      logoUrl: w.logoUrl || undefined,
      industryCode: w.industryCode || undefined,
      verification: {
        creditCode: w.creditCode!,
        companyName: w.companyName!,
        legalPerson: w.legalPerson!,
        legalPersonIdNo: w.legalPersonIdNo!,
        licenseUrl: w.licenseUrl!,
        authorizationUrl: w.authorizationUrl!,
      },
    });
  }
  return (
    <OnboardingFrame title="提交" steps={ENTERPRISE_STEPS} current={3}>
      {state === 'failed' ? (
        <Result
          status="error"
          title="提交失败"
          subTitle="请根据提示修改后重新提交"
          extra={[
            <Button key="back" onClick={() => navigate('/checkModel')}>
              返回修改
            </Button>,
            <Button key="retry" type="primary" onClick={() => void submit()}>
              重新提交
            </Button>,
          ]}
        />
      ) : (
        <Result
          status="info"
          title={`正在创建企业团队「${w.tenantName}」`}
          subTitle={`${w.companyName} · ${w.creditCode}`}
          extra={
            <Button type="primary" size="large" loading={state === 'busy'} onClick={() => void submit()}>
              提交
            </Button>
          }
        />
      )}
    </OnboardingFrame>
  );
}
