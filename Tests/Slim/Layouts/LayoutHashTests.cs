using System.Security.Cryptography;
using System.Text;
using NFX.Slim.TypeSystem;

namespace NFX.Tests.Slim.Layouts;

/// <summary>
/// Layout fingerprints are SHA-256 (docs/FORMAT.md) computed in managed code: the digest must be the platform's for
/// every length around the block boundaries (55/56 bytes decide one padding block or two), for multi-block and
/// non-ASCII texts, and for the layout texts of real types.
/// </summary>
public sealed class LayoutHashTests
{
    [Test]
    public void EveryLengthUpTo300Bytes_TheDigestOfThePlatformsSha256()
    {
        var random = new Random(20261129);
        for (int length = 0; length <= 300; length++)
        {
            byte[] message = new byte[length];
            random.NextBytes(message);
            Assert.That(LayoutHash.Sha256(message), Is.EqualTo(SHA256.HashData(message)), $"{length} bytes");
        }
    }

    [Test]
    public void KnownVectorsAndUtf8Texts_TheDigestOfThePlatformsSha256()
    {
        Assert.That(Convert.ToHexString(LayoutHash.Sha256("abc")), Is.EqualTo("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"));
        Assert.That(Convert.ToHexString(LayoutHash.Sha256("")), Is.EqualTo("E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"));
        foreach (string text in new[] { "Ünïcødé layout ✓ 名前", new string('x', 10_000), TypeLayout.Describe(typeof(Dictionary<string, List<int>>), deep: true) })
        {
            Assert.That(LayoutHash.Sha256(text), Is.EqualTo(SHA256.HashData(Encoding.UTF8.GetBytes(text))), text[..Math.Min(40, text.Length)]);
        }
    }

    [Test]
    public void Hash64_TheFirstEightBytesOfSha256LittleEndian()
    {
        const string text = "NFX.Tests.Slim.Layouts.Sample @NFX.Slim.Tests {int a; string b}";
        byte[] digest = SHA256.HashData(Encoding.UTF8.GetBytes(text));
        Assert.That(TypeLayout.Hash64(text), Is.EqualTo(BitConverter.ToUInt64(digest, 0)));
    }
}
