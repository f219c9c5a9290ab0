import { fileURLToPath } from 'node:url'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// Feedback and personal info on a phone: a photo compressed, uploaded with its progress and kept by the server;
// the feedback filed, the success screen, then 我的反馈; a new nickname and a cropped avatar on /personalInfo.

const PHOTO = fileURLToPath(new URL('./fixtures/photo.jpg', import.meta.url))

test('a user files feedback with a photo and finds it in 我的反馈', async ({ page }) => {
  await logInByApi(page.request, uniquePhone('1377'))
  await page.goto('/feedBack')
  await page.getByText('功能异常').click()
  await page.getByLabel('问题描述').fill('支付完成后订单页一直显示待支付，刷新也没有变化。')
  await expect(page.getByTestId('feedback-count')).toHaveText('24/500')
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/media') && r.request().method() === 'POST',
  )
  await page.getByTestId('photo-uploader').locator('input[type=file]').setInputFiles(PHOTO)
  expect((await uploaded).status()).toBe(200)
  await expect(page.getByTestId('photo-uploader')).toContainText('1/6 张')
  const thumbnail = page.getByTestId('photo-uploader').locator('img').first()
  await expect(thumbnail).toHaveAttribute('src', /\/api\/media\/[A-Za-z0-9_-]{22}$/)
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await page.getByLabel('联系电话').fill('13800138000')
  await page.getByRole('button', { name: '提交' }).click()

  await expect(page).toHaveURL(/\/feedBack\/tipsucess$/)
  await expect(page.getByTestId('feedback-success')).toContainText('感谢您的反馈')
  await page.getByRole('button', { name: '查看我的反馈' }).click()
  await expect(page).toHaveURL(/\/feedsback$/)
  const item = page.getByTestId('feedback-item').first()
  await expect(item).toContainText('功能异常')
  await expect(item).toContainText('支付完成后订单页一直显示待支付')
  await expect(item.getByTestId('feedback-status')).toHaveText('待处理')
  await expect
    .poll(() =>
      item
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0)
})

test('a user changes their nickname and avatar on /personalInfo', async ({ page }) => {
  await logInByApi(page.request, uniquePhone('1378'))
  await page.goto('/personalInfo')
  await expect(page.getByTestId('personal-phone')).toHaveText(/^1\d{2}\*{4}\d{4}$/)
  await page.getByText('昵称').click()
  const editor = page.getByTestId('nickname-editor')
  await editor.getByRole('textbox', { name: '昵称' }).fill('小')
  await expect(editor.getByRole('button', { name: '保存' })).toBeDisabled()
  await expect(editor).toContainText('昵称应为 2–20 个字')
  await editor.getByRole('textbox', { name: '昵称' }).fill('保险小达人')
  await editor.getByRole('button', { name: '保存' }).click()
  await expect(page.locator('.personal-nickname')).toHaveText('保险小达人')

  await page.getByTestId('avatar-file').setInputFiles(PHOTO)
  const cropper = page.getByTestId('avatar-cropper')
  await expect(cropper.locator('img')).toBeVisible()
  // The whole cropper fits the phone: the picture, the hint and both buttons.
  await expect(cropper.getByRole('button', { name: '使用头像' })).toBeInViewport({ ratio: 1 })
  await cropper.getByRole('button', { name: '使用头像' }).click()
  await expect(cropper).toBeHidden()
  const avatar = page.getByTestId('personal-info').getByTestId('user-avatar')
  await expect(avatar).toHaveAttribute('src', /^\/api\/media\/[A-Za-z0-9_-]{22}$/)
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512)

  await page.goto('/user')
  await expect(page.getByTestId('user-avatar')).toHaveAttribute('src', /^\/api\/media\//)
  await expect(page.locator('.user-name')).toHaveText('保险小达人')
})
