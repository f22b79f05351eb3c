import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeError, describeFieldError, joinFieldErrors, translateValidationMessage } from './api-errors';
import { i18n } from './i18n';

const tIn = (language: 'en' | 'ar') => i18n.getFixedT(language);

describe('api errors', () => {
  it('translates the contract validation messages back from English', () => {
    expect(translateValidationMessage('Password is required', tIn('ar'))).toBe('كلمة المرور مطلوبة');
    expect(translateValidationMessage('Password is required', tIn('en'))).toBe('Password is required');
    expect(translateValidationMessage('Some message we do not know', tIn('ar'))).toBe(
      'Some message we do not know',
    );
  });

  it("joins field errors as 'field: messages'", () => {
    const errors = { email: ['Email is required'], password: ['Password is required'] };
    expect(joinFieldErrors(errors, tIn('en'))).toBe(
      'email: Email is required; password: Password is required',
    );
    expect(joinFieldErrors(errors, tIn('ar'))).toBe(
      'البريد الإلكتروني: البريد الإلكتروني مطلوب؛ كلمة المرور: كلمة المرور مطلوبة',
    );
  });

  it('names the field in the page language, never by its key in Arabic', () => {
    const taken = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      detail: 'Validation failed',
      fieldErrors: { number: ['An invoice with this number already exists'] },
    });
    expect(describeError(taken, tIn('en'), 'en', 'Save failed')).toBe(
      'number: An invoice with this number already exists',
    );
    const arabic = describeError(taken, tIn('ar'), 'ar', 'Save failed');
    expect(arabic).toMatch(/^رقم الفاتورة: /);
    expect(arabic).not.toContain('number');

    const line = { 'lines.1.quantity': ['Quantity must be greater than 0'] };
    expect(joinFieldErrors(line, tIn('en'), 'en')).toBe('line 2 quantity: Quantity must be greater than 0');
    expect(joinFieldErrors(line, tIn('ar'), 'ar')).toMatch(/^السطر 2، الكمية: /);

    // A field the catalogue does not name: its message alone in Arabic, its key in English.
    const unknown = { some_new_field: ['Required'] };
    expect(joinFieldErrors(unknown, tIn('en'), 'en')).toBe('some_new_field: Required');
    expect(joinFieldErrors(unknown, tIn('ar'), 'ar')).not.toContain('some_new_field');
  });

  it("tells a one-field form's refusal without the field's name", () => {
    const error = new ApiError({
      status: 400,
      code: 'UNSUPPORTED_FILE_TYPE',
      detail: 'Please select a valid image file (JPG, PNG, WEBP) or PDF',
      fieldErrors: { image_data: ['Please select a valid image file (JPG, PNG, WEBP) or PDF'] },
    });
    expect(describeFieldError(error, tIn('en'), 'en', 'Upload failed')).toBe(
      'Please select a valid image file (JPG, PNG, WEBP) or PDF',
    );
    expect(describeFieldError(error, tIn('ar'), 'ar', 'Upload failed')).not.toContain('image_data');
    expect(describeFieldError(new Error('x'), tIn('en'), 'en', 'Upload failed')).toBe('Upload failed');
  });

  it('says how long to wait after too many attempts, in the page language', () => {
    const error = new ApiError({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      detail: 'Too many',
      retryAfterSeconds: 30,
    });
    expect(describeError(error, tIn('en'), 'en', 'Login failed')).toBe(
      'Too many attempts. Try again in 30 seconds.',
    );
    const arabic = describeError(error, tIn('ar'), 'ar', 'فشل تسجيل الدخول');
    expect(arabic).toContain('محاولات كثيرة جدًا');
    expect(arabic).toContain('30');
  });

  it('uses the server message in English and the code in Arabic, then the fallback', () => {
    const error = new ApiError({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      detail: 'Invalid email or password',
    });
    expect(describeError(error, tIn('en'), 'en', 'Login failed')).toBe('Invalid email or password');
    expect(describeError(error, tIn('ar'), 'ar', 'x')).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    const unknown = new ApiError({ status: 400, code: 'SOMETHING_NEW', detail: '' });
    expect(describeError(unknown, tIn('ar'), 'ar', 'فشل تسجيل الدخول')).toBe('فشل تسجيل الدخول');
    expect(describeError(new Error('boom'), tIn('en'), 'en', 'Login failed')).toBe('Login failed');
  });
});
