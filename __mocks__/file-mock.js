// Jest stand-in for static assets imported by client code (images, styles).
module.exports = 'test-file-stub';
