using System.Buffers.Binary;
using System.Security.Cryptography;
using System.Text;
using NFX.Slim.TypeSystem;

namespace NFX.Tests.Slim.Layouts;

/// <summary>
/// The managed SHA-256 behind the layout fingerprints gives the platform's digest: every padding case (lengths around the
/// 55/56 and 64-byte block edges, several blocks) and the fingerprints of real layouts.
/// </summary>
public sealed class Sha256Tests
{
    [Test]
    public void HashData_EveryLengthUpTo300_EqualsThePlatformDigest()
    {
        var random = new Random(20261129);
        for (int length = 0; length <= 300; length++)
        {
            byte[] data = new byte[length];
            random.NextBytes(data);
            byte[] digest = new byte[Sha256.HashSizeInBytes];

            Sha256.HashData(data, digest);

            Assert.That(Convert.ToHexString(digest), Is.EqualTo(Convert.ToHexString(SHA256.HashData(data))), $"length {length}");
        }
    }

    [Test]
    public void HashData_KnownVectors_MatchFips180()
    {
        Assert.That(Hex(""), Is.EqualTo("E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"));
        Assert.That(Hex("abc"), Is.EqualTo("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"));
        Assert.That(Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            Is.EqualTo("248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1"));
    }

    [Test]
    public void HashData_ShortDestination_ThrowsNamingTheSize()
    {
        var error = Assert.Throws<ArgumentException>(() => Sha256.HashData([1, 2, 3], new byte[31]));
        Assert.That(error!.Message, Does.Contain("31 bytes").And.Contain("needs 32"));
    }

    [Test]
    public void Hash64_OfALayoutText_IsTheFirstEightBytesOfThePlatformDigestLittleEndian()
    {
        string text = TypeLayout.Describe(typeof(Dictionary<string, List<int[]>>), deep: true);
        ulong expected = BinaryPrimitives.ReadUInt64LittleEndian(SHA256.HashData(Encoding.UTF8.GetBytes(text)));

        Assert.That(TypeLayout.Hash64(text), Is.EqualTo(expected));
    }

    private static string Hex(string text)
    {
        byte[] digest = new byte[Sha256.HashSizeInBytes];
        Sha256.HashData(Encoding.ASCII.GetBytes(text), digest);
        return Convert.ToHexString(digest);
    }
}
